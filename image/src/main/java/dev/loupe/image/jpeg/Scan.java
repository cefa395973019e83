package dev.loupe.image.jpeg;

/**
 * One scan (SOS header plus the entropy-coded data after it), with the Huffman tables and restart
 * interval in effect when it started, since a file may redefine them between scans.
 *
 * @param components      indices into the frame's component list, in scan order
 * @param dcTables        DC Huffman table slot per scan component
 * @param acTables        AC Huffman table slot per scan component
 * @param spectralStart   Ss
 * @param spectralEnd     Se
 * @param approximation   Ah &lt;&lt; 4 | Al
 * @param dataStart       offset of the first entropy-coded byte
 * @param dataEnd         offset of the marker that ended the entropy-coded data
 * @param restartInterval MCUs per restart interval, 0 for none
 * @param dcSpecs         the DC tables by slot (entries may be null)
 * @param acSpecs         the AC tables by slot (entries may be null)
 */
public record Scan(int[] components, int[] dcTables, int[] acTables, int spectralStart, int spectralEnd,
                   int approximation, int dataStart, int dataEnd, int restartInterval,
                   HuffmanSpec[] dcSpecs, HuffmanSpec[] acSpecs) {
}
