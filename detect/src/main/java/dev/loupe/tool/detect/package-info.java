/**
 * Object detection and box drawing: {@code detect_objects} finds faces and eyes with MediaPipe's
 * BlazeFace network run by OpenCV's DNN module ({@link dev.loupe.tool.detect.FaceFinder}, boxes drawn
 * to people's convention by {@link dev.loupe.tool.detect.FaceConvention}), and upper bodies, licence
 * plates or cat faces with OpenCV's Haar cascades (all offline, no download), and answers normalised
 * {@code [x1, y1, x2, y2]} boxes; {@code draw_boxes} draws given or detected boxes into an annotated
 * PNG. {@link dev.loupe.tool.detect.BoxNormalizer} reads the boxes a model supplies in whatever
 * convention it used (normalised, pixels, 0–1000, {@code [y1, x1, y2, x2]}) and says which one it read.
 *
 * <p>The cascade files under {@code cascades/} are OpenCV's, BSD-3-Clause (Intel License Agreement
 * and the contributors' notices are kept in each file's header); see {@code cascades/NOTICE}. The face
 * model under {@code models/} is MediaPipe's, Apache-2.0, from the npm package
 * {@code @mediapipe/face_detection}; see {@code models/NOTICE}.
 */
package dev.loupe.tool.detect;
