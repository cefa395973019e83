package dev.loupe.checkpoint;

import org.bsc.langgraph4j.checkpoint.BaseCheckpointSaver;
import org.bsc.langgraph4j.checkpoint.MemorySaver;

/** The reference: LangGraph4j's MemorySaver passes the contract by definition. */
class MemorySaverContractTest extends CheckpointSaverContract {

    @Override
    BaseCheckpointSaver newSaver() {
        return new MemorySaver();
    }
}
