package dev.loupe.fuzzing;

import dev.loupe.testing.C2paImages;
import dev.loupe.testing.ExifBlock;
import dev.loupe.testing.MarkedImages;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes the committed seed corpus of every fuzz target: small files made here (each format, each
 * metadata block, C2PA stores, forms, replies, graph files, manifests) and a few small real files from
 * registry packages (commons-imaging's test images, Apache-2.0; c2pa-rs fixtures, MIT) with their
 * image data replaced by a 16×16 picture so that only the parts under test stay. Run it again after
 * changing a target's input format; it overwrites only the files it names.
 *
 * <pre>java -cp target/test-classes:target/classes:$(cat target/cp.txt) dev.loupe.fuzzing.SeedCorpus src/test/resources [C2PA_DIR]</pre>
 */
public final class SeedCorpus {

    private final Path resources;

    private SeedCorpus(Path resources) {
        this.resources = resources;
    }

    public static void main(String[] args) throws IOException {
        SeedCorpus corpus = new SeedCorpus(Path.of(args.length > 0 ? args[0] : "image/src/test/resources"));
        Path c2pa = Path.of(args.length > 1 ? args[1] : "image/src/test/resources/c2pa");
        corpus.images();
        corpus.jpegs();
        corpus.metadata();
        corpus.c2pa(c2pa);
        corpus.texts();
    }

    private void images() throws IOException {
        String target = "dev/loupe/image/ImageHeaderFuzzTestInputs/any_bytes_are_loaded_or_refused_in_one_line";
        BufferedImage picture = MarkedImages.drawing(12, 10);
        write(target, "tiny.jpg", MarkedImages.jpeg(12, 10));
        write(target, "tiny.png", MarkedImages.png(12, 10));
        write(target, "tiny.gif", encode(picture, "gif"));
        write(target, "tiny.bmp", encode(picture, "bmp"));
        write(target, "tiny.tif", encode(picture, "tiff"));
        write(target, "tiny-lossless.webp", webpLossless1x1());
        write(target, "vp8x-header.webp", vp8xHeader(12, 10));
        for (String real : List.of("data/images/bmp/4/rle8.bmp", "data/images/bmp/3/V4-bitfields.bmp",
                "data/images/gif/animated/2/no_disposal.gif", "data/images/png/5/trns-palette8.png",
                "data/images/tiff/12/TransparencyTestStripAssociated.tif", "data/images/jpg/4/0x00-to-0xFF-between-segments.jpg")) {
            write(target, "commons-imaging-" + Path.of(real).getFileName(), resource("/" + real));
        }
        write("dev/loupe/AnalyzeFuzzTestInputs/any_upload_ends_in_a_verdict_or_a_one_line_refusal", "drawing.jpg",
                MarkedImages.jpeg(64, 48));
        write("dev/loupe/AnalyzeFuzzTestInputs/any_upload_ends_in_a_verdict_or_a_one_line_refusal", "drawing.png",
                MarkedImages.png(48, 40));
        write("dev/loupe/AnalyzeFuzzTestInputs/any_upload_ends_in_a_verdict_or_a_one_line_refusal", "camera-exif.jpg",
                cameraJpeg(MarkedImages.jpeg(64, 48)));
    }

    private void jpegs() throws IOException {
        String target = "dev/loupe/tool/forensic/jpeg/JpegCodecFuzzTestInputs/segments_and_entropy_data_never_escape_the_codec";
        BufferedImage picture = MarkedImages.drawing(24, 17);
        write(target, "baseline-420.jpg", MarkedImages.jpeg(24, 17));
        BufferedImage grey = new BufferedImage(24, 17, BufferedImage.TYPE_BYTE_GRAY);
        grey.getGraphics().drawImage(picture, 0, 0, null);
        write(target, "grey.jpg", encode(grey, "jpg"));
        write(target, "progressive.jpg", progressiveJpeg(picture));
        write(target, "commons-imaging-0x00-to-0xFF-between-segments.jpg",
                resource("/data/images/jpg/4/0x00-to-0xFF-between-segments.jpg"));
        write(target, "camera-tables-oregon-ds6639.jpg",
                camerasHeaders(resource("/data/images/jpg/1/Oregon Scientific DS6639 - DSC_0307 - small.jpg")));
    }

    private void metadata() throws IOException {
        String target = "dev/loupe/tool/forensic/metadata/MetadataFuzzTestInputs/exif_xmp_iptc_and_png_text_never_escape_the_metadata_tool";
        byte[] jpeg = MarkedImages.jpeg(16, 16);
        write(target, "camera-exif.jpg", cameraJpeg(jpeg));
        write(target, "xmp-history.jpg", MarkedImages.withXmp(jpeg, MarkedImages.xmpPacket("xmp:CreatorTool", "Adobe Photoshop 25.0",
                "Iptc4xmpExt:DigitalSourceType", "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia")));
        write(target, "comment.jpg", MarkedImages.withComment(jpeg, "Created with GIMP"));
        byte[] png = MarkedImages.png(16, 16);
        write(target, "a1111-parameters.png", MarkedImages.withPngText(png, "parameters", "a cat, Steps: 20, Sampler: Euler a, Seed: 1"));
        write(target, "comfyui-ztxt.png", MarkedImages.withPngCompressedText(png, "prompt", "{\"3\":{\"class_type\":\"KSampler\"}}"));
        write(target, "itxt.png", MarkedImages.withPngInternationalText(png, "Description", "Ünïcode"));
        write(target, "exif-chunk.png", MarkedImages.withPngChunk(png, "eXIf", new ExifBlock().make("Canon").build()));
        write(target, "oregon-ds6639-iptc-photoshop-headers.jpg", camerasHeaders(
                resource("/data/images/iptc/1/Oregon Scientific DS6639 - DSC_0307 - iptc added with photoshop.jpg")));
        write(target, "oregon-ds6639-exif-headers.jpg",
                camerasHeaders(resource("/data/images/jpg/1/Oregon Scientific DS6639 - DSC_0307 - small.jpg")));
    }

    private void c2pa(Path fixtures) throws IOException {
        String files = "dev/loupe/tool/forensic/provenance/c2pa/C2paFuzzTestInputs/files_never_escape_the_provenance_tool";
        String stores = "dev/loupe/tool/forensic/provenance/c2pa/C2paFuzzTestInputs/jumbf_stores_parse_or_are_refused";
        String cbor = "dev/loupe/tool/forensic/provenance/c2pa/C2paFuzzTestInputs/cbor_assertions_never_escape_the_claim_readers";
        byte[] host = MarkedImages.jpeg(16, 16);
        byte[] created = C2paImages.withManifest(host, "Loupe seed/1.0",
                List.of(C2paImages.action("c2pa.created", "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia", "Gen")));
        write(files, "synthetic-created.jpg", created);
        write(stores, "synthetic-created.jumbf", JpegStores.store(created));
        for (String name : List.of("C.jpg", "CA.jpg")) {
            Path fixture = fixtures.resolve(name);
            if (Files.exists(fixture)) {
                byte[] store = JpegStores.store(Files.readAllBytes(fixture));
                write(stores, "c2pa-rs-" + name.replace(".jpg", ".jumbf"), store);
                write(files, "c2pa-rs-" + name.replace(".jpg", "-on-16x16.jpg"), JpegStores.graft(store, host));
            }
        }
        com.fasterxml.jackson.dataformat.cbor.databind.CBORMapper mapper = new com.fasterxml.jackson.dataformat.cbor.databind.CBORMapper();
        write(cbor, "actions.cbor", mapper.writeValueAsBytes(java.util.Map.of("actions", List.of(
                C2paImages.action("c2pa.edited", null, "Photoshop"), C2paImages.action("c2pa.created", "digitalCapture", null)))));
        write(cbor, "hash-binding.cbor", mapper.writeValueAsBytes(java.util.Map.of("exclusions",
                List.of(java.util.Map.of("start", 2, "length", 100)), "alg", "sha256", "hash", new byte[32], "name", "jumbf manifest")));
        write(cbor, "claim.cbor", mapper.writeValueAsBytes(java.util.Map.of("claim_generator", "Seed/1.0", "dc:title", "a.jpg",
                "dc:format", "image/jpeg", "claim_generator_info", List.of(java.util.Map.of("name", "Seed", "version", "1")))));
        write(cbor, "ingredient.cbor", mapper.writeValueAsBytes(java.util.Map.of("title", "parent.jpg", "relationship", "parentOf",
                "format", "image/jpeg")));
    }

    private void texts() throws IOException {
        String form = "dev/loupe/server/MultipartFuzzTestInputs/any_form_is_read_or_refused_with_400";
        write(form, "image-part.txt", text("boundary=XyZ\n--XyZ\r\nContent-Disposition: form-data; name=\"image\"; filename=\"a.jpg\"\r\n"
                + "Content-Type: image/jpeg\r\n\r\n\u00ff\u00d8\u00ff\u00d9\r\n--XyZ--\r\n"));
        write(form, "quoted-boundary-two-parts.txt", text("boundary=\"a b\"\n--a b\r\nContent-Disposition: form-data; name=\"graph\"\r\n\r\n"
                + "forensic\r\n--a b\r\nContent-Disposition: form-data; name=\"image\"; filename=\"\"\r\n\r\nxx\r\n--a b--"));
        String replies = "dev/loupe/structure/ModelReplyFuzzTestInputs/";
        String verdict = "The tables are a camera's.\n```json\n{\"verdict\": \"AI-generated\", \"confidence\": \"85%\", 'category': manipulated,\n"
                + " \"rationale\": \"x\", // comment\n \"evidence\": [{\"tool\": \"jpeg\", \"finding\": \"f\", \"weight\": +1.5,},],}\n```";
        for (String method : List.of("any_reply_is_extracted_or_refused", "any_reply_becomes_a_result_or_a_structuring_error")) {
            write(replies + method, "fenced-verdict.txt", text(verdict));
            write(replies + method, "cut-off.txt", text("{\"verdict\": \"real\", \"confidence\": 0.7, \"rationale\": \"intact EXIF"));
            write(replies + method, "prose-then-object.txt", text("I think {verdict: fake, p_fake: .9} is right {\"a\": [1, 2"));
        }
        String protocol = "dev/loupe/model/jsonprotocol/ToolProtocolFuzzTestInputs/any_reply_is_tool_uses_text_or_unreadable";
        write(protocol, "tool-uses.txt", text("{\"type\":\"tool_use\",\"tool_uses\":[{\"name\":\"jpeg\",\"params\":{}},{\"name\":\"ela\",\"params\":{\"quality\":90}}]}"));
        write(protocol, "fenced-text.txt", text("```json\n{\"type\":\"text\",\"text\":\"```json\\n{\\\"verdict\\\":\\\"real\\\"}\\n```\"}\n```"));
        write(protocol, "prose.txt", text("Let me call the tools. {'type': 'tool_use', tool_uses: [{name: metadata}],}"));
        String graphs = "dev/loupe/graph/GraphFileFuzzTestInputs/any_graph_file_is_read_or_refused_in_one_line";
        write(graphs, "forensic.yaml", Files.readAllBytes(Path.of("graphs/forensic.yaml")));
        write(graphs, "aliases.yaml", text("name: &n x\ntools: [*n, *n]\nmodels: {default: &m {provider: openai, model: m}, vision: *m}\n"
                + "tool_execution: {timeout_seconds: 1.5, parallelism: 2}\nmax_iterations: '3'\n"));
        String manifests = "dev/loupe/eval/manifest/ManifestFuzzTestInputs/any_manifest_is_read_or_refused_in_one_line";
        write(manifests, "quoted.csv", text("\uFEFFpath,label,category,source\n\"a,b.jpg\",real,camera_original,\"line\nbreak\"\nc.jpg,fake,ai_generated,x\n"));
        write(manifests, "lines.jsonl", text("{\"path\": \"a.jpg\", \"label\": \"real\"}\n{\"path\": \"b.png\", \"label\": \"fake\", \"id\": 7}\n"));
    }

    /** The 16×16 JPEG with the Oregon DS6639's EXIF (make, model, dates), as a camera writes it. */
    private static byte[] cameraJpeg(byte[] jpeg) {
        return MarkedImages.withExif(jpeg, new ExifBlock().make("Oregon Scientific").model("DS6639")
                .dateTimeOriginal("2007:12:26 10:00:00").exifImageSize(16, 16).build());
    }

    /** A real file's segments before its first scan (tables, EXIF, IPTC, …) on a 16×16 picture's scan. */
    private static byte[] camerasHeaders(byte[] real) {
        byte[] tiny = MarkedImages.jpeg(16, 16);
        return MarkedImages.concat(java.util.Arrays.copyOf(real, JpegStores.firstScan(real)),
                java.util.Arrays.copyOfRange(tiny, JpegStores.firstScan(tiny), tiny.length));
    }

    private static byte[] progressiveJpeg(BufferedImage picture) throws IOException {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (MemoryCacheImageOutputStream stream = new MemoryCacheImageOutputStream(out)) {
            writer.setOutput(stream);
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setProgressiveMode(ImageWriteParam.MODE_DEFAULT);
            writer.write(null, new IIOImage(picture, null, null), param);
        } finally {
            writer.dispose();
        }
        return out.toByteArray();
    }

    /** A 1×1 lossless WebP (VP8L), as libwebp writes a single transparent pixel. */
    private static byte[] webpLossless1x1() {
        int[] bytes = {'R', 'I', 'F', 'F', 0x1A, 0, 0, 0, 'W', 'E', 'B', 'P', 'V', 'P', '8', 'L', 0x0D, 0, 0, 0,
                0x2F, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xFE, 0x07, 0};
        byte[] out = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            out[i] = (byte) bytes[i];
        }
        return out;
    }

    /** An extended WebP's VP8X header declaring a canvas, with no image data after it. */
    private static byte[] vp8xHeader(int width, int height) {
        byte[] out = new byte[30];
        System.arraycopy("RIFF".getBytes(StandardCharsets.US_ASCII), 0, out, 0, 4);
        out[4] = 22;
        System.arraycopy("WEBPVP8X".getBytes(StandardCharsets.US_ASCII), 0, out, 8, 8);
        out[16] = 10;
        out[24] = (byte) (width - 1);
        out[27] = (byte) (height - 1);
        return out;
    }

    private static byte[] encode(BufferedImage image, String format) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (!ImageIO.write(image, format, out)) {
            throw new IOException("no ImageIO writer for " + format);
        }
        return out.toByteArray();
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = SeedCorpus.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("no resource " + name + " on the class path (commons-imaging's test jar)");
            }
            return in.readAllBytes();
        }
    }

    private static byte[] text(String value) {
        return value.getBytes(StandardCharsets.UTF_8);
    }

    private void write(String folder, String name, byte[] bytes) throws IOException {
        Path dir = resources.resolve(folder);
        Files.createDirectories(dir);
        Files.write(dir.resolve(name), bytes);
    }
}
