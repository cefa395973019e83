package dev.loupe.tool.forensic.provenance.c2pa.trust;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The certificates a C2PA signer must chain to (roots and intermediates of a trust list), or be
 * (an end-entity certificate listed on its own), to be called trusted. The standard set is the list
 * Loupe ships plus every PEM file named in {@value #ENVIRONMENT} (separated by the platform's path
 * separator); an examiner's {@code --c2pa-trust FILE} adds more. Read from local files only.
 *
 * @param certificates the anchors
 * @param sources      where they came from, for the result ("shipped list (date)", a file name)
 */
public record TrustAnchors(List<X509Certificate> certificates, List<String> sources) {

    /** The environment variable naming extra PEM files of anchors. */
    public static final String ENVIRONMENT = "LOUPE_C2PA_TRUST";
    /** The shipped list: PEM certificates, its header saying what it holds and as of when. */
    static final String SHIPPED = "/dev/loupe/tool/forensic/provenance/c2pa/trust-anchors.pem";
    private static final Pattern PEM = Pattern.compile(
            "-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\\s]+?)-----END CERTIFICATE-----");
    private static final Pattern AS_OF = Pattern.compile("(?m)^# As of: (\\S+)");
    private static final int MAX_ANCHORS = 10_000;

    public TrustAnchors {
        certificates = List.copyOf(certificates);
        sources = List.copyOf(sources);
    }

    /** No anchors: every signer is untrusted. */
    public static TrustAnchors none() {
        return new TrustAnchors(List.of(), List.of());
    }

    /** The shipped list plus the files {@value #ENVIRONMENT} names in {@code environment}. */
    public static TrustAnchors standard(Map<String, String> environment) {
        TrustAnchors anchors = shipped();
        String extra = environment.get(ENVIRONMENT);
        if (extra != null && !extra.isBlank()) {
            for (String file : extra.split(Pattern.quote(File.pathSeparator))) {
                if (!file.isBlank()) {
                    anchors = anchors.plus(Path.of(file.strip()));
                }
            }
        }
        return anchors;
    }

    /** The list shipped with Loupe (see its header for its source and date). */
    public static TrustAnchors shipped() {
        try (InputStream in = TrustAnchors.class.getResourceAsStream(SHIPPED)) {
            if (in == null) {
                return none();
            }
            String text = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
            Matcher asOf = AS_OF.matcher(text);
            return new TrustAnchors(parse(text, "shipped list"),
                    List.of("shipped list" + (asOf.find() ? " as of " + asOf.group(1) : "")));
        } catch (IOException e) {
            throw new UncheckedIOException("the shipped C2PA trust list cannot be read", e);
        }
    }

    /**
     * These anchors and those of a PEM file.
     *
     * @throws IllegalArgumentException when the file cannot be read or holds no certificate: an
     *                                  examiner who names a trust file wants to know it was not used
     */
    public TrustAnchors plus(Path pemFile) {
        String text;
        try {
            text = Files.readString(pemFile, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new IllegalArgumentException("C2PA trust file " + pemFile + " cannot be read: " + e.getMessage(), e);
        }
        List<X509Certificate> added = parse(text, pemFile.toString());
        if (added.isEmpty()) {
            throw new IllegalArgumentException("C2PA trust file " + pemFile + " holds no PEM certificate");
        }
        return plus(added, pemFile.getFileName().toString());
    }

    /** These anchors and {@code more}, recorded as coming from {@code source}. */
    public TrustAnchors plus(List<X509Certificate> more, String source) {
        List<X509Certificate> all = new ArrayList<>(certificates);
        all.addAll(more);
        List<String> from = new ArrayList<>(sources);
        from.add(source);
        return new TrustAnchors(all, from);
    }

    /** The anchors of a PEM text, recorded as coming from {@code source}. */
    public static TrustAnchors ofPem(String pem, String source) {
        return new TrustAnchors(parse(pem, source), List.of(source));
    }

    public boolean isEmpty() {
        return certificates.isEmpty();
    }

    /** The certificates of a PEM text; a block that does not decode is refused with its position. */
    static List<X509Certificate> parse(String pem, String source) {
        List<X509Certificate> list = new ArrayList<>();
        Matcher block = PEM.matcher(pem);
        while (block.find() && list.size() < MAX_ANCHORS) {
            try {
                byte[] der = Base64.getMimeDecoder().decode(block.group(1));
                list.add((X509Certificate) CertificateFactory.getInstance("X.509")
                        .generateCertificate(new ByteArrayInputStream(der)));
            } catch (CertificateException | IllegalArgumentException e) {
                throw new IllegalArgumentException("certificate " + (list.size() + 1) + " of " + source
                        + " does not decode: " + e.getMessage(), e);
            }
        }
        return list;
    }
}
