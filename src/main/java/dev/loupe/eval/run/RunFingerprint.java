package dev.loupe.eval.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.Loupe;
import dev.loupe.LoupeException;
import dev.loupe.LoupeVersion;
import dev.loupe.graph.GraphFiles;
import dev.loupe.graph.GraphSpec;
import dev.loupe.model.NodeRole;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolRegistry;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * What a run measured, so that two runs' numbers can be told apart: the Loupe version, the graph
 * file's hash, each prompt's hash, the schema's hash, the model of every node and each tool's
 * version. Results from runs with different fingerprints measure different detectors.
 */
public final class RunFingerprint {

    private static final ObjectMapper JSON = new ObjectMapper();

    private RunFingerprint() {
    }

    /**
     * The fingerprint of the graph {@code loupe} runs.
     *
     * @param home  the folder the graph files were read from (bundled copies when it has none)
     * @param graph the graph's name
     */
    public static ObjectNode of(Loupe loupe, Path home, String graph) {
        GraphSpec spec = loupe.graph().spec();
        GraphFiles files = GraphFiles.preferring(home, graph);
        String graphFile = "graphs/" + graph + ".yaml";
        ObjectNode node = JSON.createObjectNode();
        node.put("loupe_version", LoupeVersion.get());
        node.putObject("graph").put("name", spec.name()).put("file", files.describe(graphFile))
                .put("sha256", sha256(readOrEmpty(files, graphFile)));
        node.putObject("schema").put("file", spec.schemaPath()).put("sha256", sha256(loupe.graph().schema().text()));
        ObjectNode prompts = node.putObject("prompts");
        loupe.graph().prompts().describe().forEach((role, described) -> prompts.putObject(role)
                .put("file", described.get("file")).put("sha256", described.get("sha256")));
        ObjectNode models = node.putObject("models");
        for (NodeRole role : NodeRole.values()) {
            if (spec.model(role) != null) {
                models.put(role.id(), spec.model(role).displayName());
            }
        }
        ObjectNode tools = node.putObject("tools");
        ToolRegistry registry = ToolRegistry.discover();
        for (String name : spec.tools()) {
            tools.put(name, registry.find(name).map(Tool::version).orElse("missing"));
        }
        node.put("max_iterations", spec.maxIterations());
        node.put("use_tools", spec.useTools());
        return node;
    }

    private static String readOrEmpty(GraphFiles files, String path) {
        try {
            return files.read(path);
        } catch (LoupeException e) {
            return "";
        }
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
