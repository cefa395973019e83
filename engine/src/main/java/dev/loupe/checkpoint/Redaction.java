package dev.loupe.checkpoint;

import java.sql.SQLException;
import java.util.regex.Pattern;

/** Keeps database credentials out of messages: URLs are masked, driver errors are scrubbed. */
final class Redaction {

    private static final Pattern USER_INFO = Pattern.compile("//[^/@?#]*@");
    private static final Pattern PASSWORD_PARAM = Pattern.compile("(?i)(password=)[^&;]*");

    private Redaction() {
    }

    static String maskUrl(String url) {
        String masked = USER_INFO.matcher(url).replaceAll("//***@");
        return PASSWORD_PARAM.matcher(masked).replaceAll("$1***");
    }

    /**
     * A copy of a driver exception whose messages (its own and its causes') no longer contain the
     * secret. The stack trace is kept so the failure can still be located.
     */
    static SQLException scrub(SQLException error, String secret) {
        SQLException clean = new SQLException(scrubText(error.getMessage(), secret), error.getSQLState(),
                error.getErrorCode());
        clean.setStackTrace(error.getStackTrace());
        Throwable cause = error.getCause();
        if (cause != null) {
            Exception causeCopy = new Exception(cause.getClass().getName() + ": "
                    + scrubText(cause.getMessage(), secret));
            causeCopy.setStackTrace(cause.getStackTrace());
            clean.initCause(causeCopy);
        }
        return clean;
    }

    private static String scrubText(String text, String secret) {
        if (text == null) {
            return null;
        }
        String masked = maskUrl(text);
        return secret == null || secret.isEmpty() ? masked : masked.replace(secret, "***");
    }
}
