package dev.loupe.cli;

import dev.loupe.core.LoupeVersion;
import picocli.CommandLine;

final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[]{"loupe " + LoupeVersion.get(), "Java " + System.getProperty("java.version")};
    }
}
