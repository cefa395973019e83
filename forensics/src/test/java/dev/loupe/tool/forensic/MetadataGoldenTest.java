package dev.loupe.tool.forensic;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.testing.TestImages;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.forensic.metadata.MetadataTool;
import dev.loupe.tool.forensic.provenance.ProvenanceTool;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Golden outputs: the metadata and provenance results for a fixed set of real images, kept in
 * {@code forensics/src/test/resources/golden/}, so that any change in a value shows up in review. After an
 * intended change, regenerate with {@code mvn test -Dtest=MetadataGoldenTest -Dloupe.golden.update=true}.
 */
class MetadataGoldenTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path GOLDEN = Path.of("forensics/src/test/resources/golden");

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "/data/images/jpg/1/Nikon D50 - 2007.12.19.n.DSC_3656.JPG|nikon-d50",
            "/data/images/jpg/1/Canon Powershot SD750 - 2007.12.26.n.IMG_3704.JPG|canon-sd750",
            "/data/images/jpg/3/img_F028c_small.jpg|gimp-canon-400d",
            "/data/images/jpg/7/_DSC6099.jpg|photoshop-sony-a100",
            "/c2pa/CA.jpg|c2pa-ca",
            "/c2pa/XCA.jpg|c2pa-xca",
            "/c2pa/cloud.jpg|c2pa-cloud"})
    void results_match_the_golden_output(String resource, String golden) throws Exception {
        ObjectNode both = JSON.createObjectNode();
        both.set("metadata", new MetadataTool().run(ToolContext.of(TestImages.resource(resource)), null).toJson());
        both.set("provenance", new ProvenanceTool().run(ToolContext.of(TestImages.resource(resource)), null).toJson());
        String actual = JSON.writerWithDefaultPrettyPrinter().writeValueAsString(both) + "\n";
        Path file = GOLDEN.resolve(golden + ".json");
        if (Boolean.getBoolean("loupe.golden.update")) {
            Files.writeString(file, actual, StandardCharsets.UTF_8);
        }
        assertEquals(Files.readString(file, StandardCharsets.UTF_8), actual, "golden output " + file);
    }
}
