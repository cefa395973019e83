package dev.loupe.core;

/** Loupe's version, from the jar manifest, or "dev" when run from classes. */
public final class LoupeVersion {

    private LoupeVersion() {
    }

    public static String get() {
        String version = LoupeVersion.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
    }
}
