package dev.loupe.spark;

import org.apache.hadoop.fs.RawLocalFileSystem;

import java.net.URI;

/**
 * The local disk under the scheme {@code loupetest:}, standing in for HDFS or S3A in tests: a Hadoop
 * filesystem that is not {@code file:}, so the job must read manifests and images through Hadoop's
 * API. Registered in the test {@code core-site.xml}.
 */
public class OtherSchemeFileSystem extends RawLocalFileSystem {

    static final String SCHEME = "loupetest";

    @Override
    public URI getUri() {
        return URI.create(SCHEME + ":///");
    }

    @Override
    public String getScheme() {
        return SCHEME;
    }
}
