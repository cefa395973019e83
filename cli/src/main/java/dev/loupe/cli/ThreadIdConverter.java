package dev.loupe.cli;

import dev.loupe.checkpoint.ThreadClaim;
import dev.loupe.core.LoupeException;
import picocli.CommandLine;

/**
 * {@code --thread-id}: refused while the arguments are parsed, in one line and with exit code 2, when
 * it is not a name by {@link dev.loupe.core.SafeName}'s rule — it names the thread's folder under
 * {@code --out} — so nothing is built for an id that cannot be used.
 */
final class ThreadIdConverter implements CommandLine.ITypeConverter<String> {

    @Override
    public String convert(String value) {
        try {
            return ThreadClaim.requested(value);
        } catch (LoupeException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
