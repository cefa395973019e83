// After the consumer's `mvn test`: the library was installed with its sources, javadoc and runnable
// jar beside it, and its POM keeps the command line and the HTTP server optional. The CLI's log
// backend is Loupe's own (dev.loupe.logging, registered only in the runnable jar), so the library
// declares none: an application brings its own.
def version = loupeVersion
def dir = new File(localRepositoryPath, "dev/loupe/loupe/${version}")
["loupe-${version}.jar", "loupe-${version}-sources.jar", "loupe-${version}-javadoc.jar",
 "loupe-${version}-cli.jar", "loupe-${version}.pom"].each {
    assert new File(dir, it).isFile() : "${it} was not installed in ${dir}"
}
def javadoc = new java.util.zip.ZipFile(new File(dir, "loupe-${version}-javadoc.jar"))
assert javadoc.getEntry("dev/loupe/Loupe.html") != null : "the javadoc jar has no page for the facade"
javadoc.close()

def pom = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(new File(dir, "loupe-${version}.pom"))
def dependencies = pom.getElementsByTagName("dependency")
["picocli", "javalin"].each { name ->
    def dependency = (0..<dependencies.length).collect { dependencies.item(it) }
            .find { it.getElementsByTagName("artifactId").item(0).textContent == name }
    assert dependency != null : "${name} is not declared"
    assert dependency.getElementsByTagName("optional").item(0)?.textContent == "true" : "${name} must be optional for library users"
}
["slf4j-simple", "logback-classic", "log4j-slf4j2-impl"].each { name ->
    assert !(0..<dependencies.length).any { dependencies.item(it).getElementsByTagName("artifactId").item(0).textContent == name } :
            "${name} must not be a dependency of the library"
}
def log = new File(basedir, "build.log").text
assert log.contains("Tests run: 3, Failures: 0, Errors: 0, Skipped: 0") : "the consumer's tests did not all run"
return true
