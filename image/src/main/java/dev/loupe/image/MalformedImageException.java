package dev.loupe.image;

/** Why a file is not an acceptable image, as the part of the message after "name: ". */
final class MalformedImageException extends RuntimeException {

    MalformedImageException(String reason) {
        super(reason, null, false, false);
    }
}
