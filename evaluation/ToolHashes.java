import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.image.LoadedImage;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolRegistry;
import dev.loupe.tool.forensic.LocalImages;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * Whether a change kept every tool's results: prints, for each image of a manifest and each tool named,
 * a hash of the tool's whole result (status, data, findings, as the JSON the graph keeps). Run it with
 * the build before and the build after a change and compare the two outputs line by line; a speed-up
 * that keeps the tools exact changes no line.
 *
 * <pre>
 * java -cp BEFORE.jar evaluation/ToolHashes.java jpeg,noise,copy_move /tmp/devset5/manifest.csv &gt; before.txt
 * java -cp target/loupe.jar evaluation/ToolHashes.java jpeg,noise,copy_move /tmp/devset5/manifest.csv &gt; after.txt
 * diff before.txt after.txt
 * </pre>
 */
public final class ToolHashes {

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: ToolHashes TOOL[,TOOL...] MANIFEST.csv");
            System.exit(2);
        }
        ToolRegistry tools = ToolRegistry.discover().select(List.of(args[0].split(",")));
        Path manifest = Path.of(args[1]);
        List<String> lines = Files.readAllLines(manifest);
        for (String line : lines.subList(1, lines.size())) {
            String relative = line.split(",")[0];
            Path file = manifest.getParent().resolve(relative);
            Optional<LoadedImage> image;
            try {
                image = LocalImages.of(file, file.getFileName().toString(), Files.readAllBytes(file));
            } catch (RuntimeException e) {
                System.out.println(relative + " not-loaded " + e.getMessage());
                continue;
            }
            if (image.isEmpty()) {
                System.out.println(relative + " not-an-image");
                continue;
            }
            for (Tool tool : tools.all()) {
                String result;
                try {
                    result = tool.run(ToolContext.of(image.get()), JsonNodeFactory.instance.objectNode()).toJson().toString();
                } catch (RuntimeException e) {
                    result = "exception " + e;
                }
                byte[] hash = MessageDigest.getInstance("SHA-256").digest(result.getBytes(StandardCharsets.UTF_8));
                System.out.println(relative + " " + tool.name() + " " + HexFormat.of().formatHex(hash, 0, 8));
            }
        }
    }
}
