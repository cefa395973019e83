package dev.loupe.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The layers the modules are, checked on every product class (this module's class path holds them all;
 * spark and bench sit above it, and nothing can depend on them). The module graph already makes an
 * upward import between modules uncompilable; this test also refuses a package cycle inside a module
 * and keeps the order when two layers share a module's class path.
 */
class LayersTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importProductClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("-tests.jar") && !location.contains("/test-classes/"))
                .importPackages("dev.loupe");
        assertTrue(classes.size() > 500, "the product classes were not found: " + classes.size());
    }

    @Test
    void no_package_takes_part_in_a_cycle() {
        slices().matching("dev.loupe.(**)").should().beFreeOfCycles().check(classes);
    }

    @Test
    void front_ends_use_families_families_use_the_engine_the_engine_uses_image_and_core() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("core").definedBy("dev.loupe.core..", "dev.loupe.natives..", "dev.loupe.logging..")
                .layer("image").definedBy("dev.loupe.image..")
                .layer("engine").definedBy("dev.loupe", "dev.loupe.checkpoint..", "dev.loupe.conversation..",
                        "dev.loupe.graph..", "dev.loupe.model..", "dev.loupe.structure..", "dev.loupe.tool")
                .layer("forensics").definedBy("dev.loupe.tool.forensic..")
                .layer("detect").definedBy("dev.loupe.tool.detect..")
                .layer("composition").definedBy("dev.loupe.tool.composition..", "dev.loupe.kb..")
                .layer("mcp").definedBy("dev.loupe.mcp..", "dev.loupe.tool.web..")
                .layer("eval").definedBy("dev.loupe.eval..")
                .layer("server").definedBy("dev.loupe.server..")
                .layer("cli").definedBy("dev.loupe.cli..")
                .whereLayer("cli").mayNotBeAccessedByAnyLayer()
                .whereLayer("server").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("eval").mayOnlyBeAccessedByLayers("server", "cli")
                .whereLayer("mcp").mayOnlyBeAccessedByLayers("server", "cli")
                .whereLayer("composition").mayOnlyBeAccessedByLayers("eval", "server", "cli")
                .whereLayer("detect").mayOnlyBeAccessedByLayers("composition", "eval", "server", "cli")
                .whereLayer("forensics").mayOnlyBeAccessedByLayers("detect", "composition", "eval", "server", "cli")
                .whereLayer("engine").mayOnlyBeAccessedByLayers("forensics", "detect", "composition", "mcp", "eval", "server", "cli")
                .whereLayer("image").mayOnlyBeAccessedByLayers("engine", "forensics", "detect", "composition", "mcp", "eval", "server", "cli")
                .check(classes);
    }
}
