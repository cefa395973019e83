package dev.loupe.cli;

import dev.loupe.logging.LogFormat;
import picocli.CommandLine;

/** Reads {@code --log-format}; a bad value is a parameter error, so one line and exit 2. */
final class LogFormatConverter implements CommandLine.ITypeConverter<LogFormat> {

    @Override
    public LogFormat convert(String value) {
        try {
            return LogFormat.parse(value);
        } catch (RuntimeException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
