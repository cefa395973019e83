package dev.loupe.checkpoint;

class InMemoryThreadStoreContractTest extends ThreadStoreContract {

    @Override
    StoreLocation emptyLocation() {
        return new StoreLocation.Memory();
    }
}
