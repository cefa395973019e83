package dev.loupe.docs;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Compiles the manual's Java snippets, each a whole compilation unit as written, against the test
 * class path (which holds every module of the library), in one compiler run.
 */
final class JavaSnippets {

    private static final Pattern TOP_LEVEL_TYPE = Pattern.compile(
            "(?m)^(?:public\\s+|final\\s+|abstract\\s+)*(?:class|interface|record|enum)\\s+(\\w+)");

    private JavaSnippets() {
    }

    /** The compiler's errors, each with the markdown file and line it comes from; empty when all compile. */
    static List<String> compile(List<FencedBlock> snippets, Path classes) {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Map<String, FencedBlock> byClass = new HashMap<>();
        List<JavaFileObject> sources = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (FencedBlock snippet : snippets) {
            Matcher type = TOP_LEVEL_TYPE.matcher(snippet.text());
            if (!type.find()) {
                problems.add(snippet.where() + ": a Java snippet must be a whole compilation unit (imports and a class)");
                continue;
            }
            FencedBlock earlier = byClass.putIfAbsent(type.group(1), snippet);
            if (earlier != null) {
                problems.add(snippet.where() + ": class " + type.group(1) + " is also the class of " + earlier.where()
                        + "; give each snippet's class its own name");
                continue;
            }
            sources.add(new Source(type.group(1), snippet.text()));
        }
        try (StandardJavaFileManager files = compiler.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8)) {
            List<String> options = List.of("-proc:none", "-Xlint:none", "-classpath", classPath(), "-d", classes.toString());
            Boolean ok = compiler.getTask(null, files, diagnostics, options, null, sources).call();
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                if (d.getKind() == Diagnostic.Kind.ERROR) {
                    FencedBlock from = byClass.get(((Source) d.getSource()).type);
                    problems.add(from.file() + ":" + (from.line() + d.getLineNumber()) + ": " + d.getMessage(null));
                }
            }
            if (!ok && problems.isEmpty()) {
                problems.add("the compiler failed without an error message");
            }
        } catch (IOException e) {
            problems.add("the compiler's file manager: " + e.getMessage());
        }
        return problems;
    }

    /** Surefire names the whole test class path here; the JVM's own may be a manifest-only jar. */
    private static String classPath() {
        String surefire = System.getProperty("surefire.test.class.path");
        return surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path", "");
    }

    private static final class Source extends SimpleJavaFileObject {
        private final String type;
        private final String text;

        Source(String type, String text) {
            super(URI.create("string:///" + type + Kind.SOURCE.extension), Kind.SOURCE);
            this.type = type;
            this.text = text;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }
}
