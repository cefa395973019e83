"""JPEG files as bytes: their segments, tables and sampling, and the two steps a careful forger takes
after a library has encoded the forged pixels:

- relayout(): the camera's segment layout put back. A library writes its own layout (libjpeg: JFIF,
  one table per DQT segment before the frame header, one table per DHT segment after it); cameras
  write theirs (all tables in one segment, Huffman tables before the frame header, DRI segments,
  maker APPn segments, fill bytes, data after EOI). Loupe's SegmentLayout reads exactly that order
  and grouping. relayout() keeps the new file's tables, frame header, scan header and entropy-coded
  data, and emits them in the order and grouping of the camera file's segments, with the camera's
  APPn/COM segments, the bytes between segments and the bytes after EOI.
- replace_thumbnail(): the EXIF thumbnail replaced in place, so the rest of the camera's EXIF block
  keeps its bytes and offsets (an exiftool rewrite would re-lay the IFDs out).
"""
import struct

ZIGZAG = [0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6,
          7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31,
          39, 46, 53, 60, 61, 54, 47, 55, 62, 63]
SOF_MARKERS = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


class Jpeg:
    """A baseline or extended single-scan JPEG: what comes before the scan (segments and the bytes
    between them), the scan header, the entropy-coded data up to and including EOI, and the trailer."""

    def __init__(self, data):
        if data[:2] != b'\xff\xd8':
            raise ValueError('not a JPEG (no SOI)')
        self.data = data
        self.head = []  # ('gap', bytes) or ('seg', marker, body)
        i = 2
        while True:
            j = i
            while j + 1 < len(data) and not (data[j] == 0xFF and data[j + 1] not in (0x00, 0xFF)):
                j += 1
            if j + 3 >= len(data):
                raise ValueError('no scan before the end of the file')
            if j > i:
                self.head.append(('gap', data[i:j]))
            marker = data[j + 1]
            length = int.from_bytes(data[j + 2:j + 4], 'big')
            body = data[j + 4:j + 2 + length]
            if marker == 0xDA:
                self.sos = body
                start = j + 2 + length
                break
            self.head.append(('seg', marker, body))
            i = j + 2 + length
        eoi = data.find(b'\xff\xd9', start)  # FF D9 cannot occur inside stuffed entropy-coded data
        if eoi < 0:
            raise ValueError('no EOI')
        self.entropy = data[start:eoi + 2]
        self.trailer = data[eoi + 2:]

    def segments(self, marker=None):
        return [(m, b) for kind, *rest in self.head if kind == 'seg' for m, b in [rest] if marker in (None, m)]

    def marker_layout(self):
        """The markers before the scan in order, DQT and DHT with the tables each holds: what relayout() keeps."""
        layout = []
        for m, body in self.segments():
            if m == 0xDB:
                layout.append(('DQT', tuple(slot for _, slot, _ in dqt_entries(body))))
            elif m == 0xC4:
                layout.append(('DHT', tuple(key for key, _ in dht_entries(body))))
            elif m == 0xE1 and body.startswith(b'Exif\0'):
                layout.append(('APP1-Exif',))
            else:
                layout.append((f'{m:02X}',))
        return layout

    def quant_tables(self):
        """slot -> 64 values in natural (row-major) order."""
        tables = {}
        for _, body in self.segments(0xDB):
            for precision, slot, values in dqt_entries(body):
                natural = [0] * 64
                for k in range(64):
                    natural[ZIGZAG[k]] = values[k]
                tables[slot] = natural
        return tables

    def frame(self):
        """(marker, width, height, [(component id, h, v, table slot)])."""
        for m, body in self.segments():
            if m in SOF_MARKERS:
                height, width, count = int.from_bytes(body[1:3], 'big'), int.from_bytes(body[3:5], 'big'), body[5]
                return m, width, height, [(body[6 + 3 * c], body[7 + 3 * c] >> 4, body[7 + 3 * c] & 15, body[8 + 3 * c])
                                          for c in range(count)]
        raise ValueError('no frame header')

    @staticmethod
    def frame_components(body):
        return [(body[6 + 3 * c], body[7 + 3 * c] >> 4, body[7 + 3 * c] & 15, body[8 + 3 * c]) for c in range(body[5])]

    def restart_interval(self):
        for _, body in self.segments(0xDD):
            return int.from_bytes(body[0:2], 'big')
        return 0

    def exif(self):
        for _, body in self.segments(0xE1):
            if body.startswith(b'Exif\0'):
                return body
        return None


def dqt_entries(body):
    """(precision, slot, values in zigzag order) of each table a DQT segment holds."""
    j, out = 0, []
    while j < len(body):
        precision, slot = body[j] >> 4, body[j] & 15
        size = 2 if precision else 1
        out.append((precision, slot, [int.from_bytes(body[j + 1 + k * size:j + 1 + (k + 1) * size], 'big') for k in range(64)]))
        j += 1 + 64 * size
    return out


def dht_entries(body):
    """((class, id), bytes of the table's entry) of each table a DHT segment holds."""
    j, out = 0, []
    while j < len(body):
        count = sum(body[j + 1:j + 17])
        out.append(((body[j] >> 4, body[j] & 15), body[j:j + 17 + count]))
        j += 17 + count
    return out


def segment(marker, body):
    if len(body) + 2 > 0xFFFF:
        raise ValueError(f'segment {marker:02X} too long: {len(body)} bytes')
    return bytes([0xFF, marker]) + (len(body) + 2).to_bytes(2, 'big') + body


def relayout(camera, new, exif=None):
    """new's tables, frame, scan and data, in camera's segment order and grouping, with camera's other
    segments (its EXIF replaced by exif when given), the bytes between them and its trailer."""
    new_q = {slot: (precision, values) for _, body in new.segments(0xDB) for precision, slot, values in dqt_entries(body)}
    new_h = dict(entry for _, body in new.segments(0xC4) for entry in dht_entries(body))
    new_sof = next((m, b) for m, b in new.segments() if m in SOF_MARKERS)
    new_sof, sos = _camera_component_ids(camera, new_sof, new.sos)
    if camera.restart_interval() != new.restart_interval():
        raise ValueError(f'restart interval {new.restart_interval()}, the camera writes {camera.restart_interval()}')
    dht_positions = [n for n, item in enumerate(camera.head) if item[0] == 'seg' and item[1] == 0xC4]
    left = [key for key in new_h if key not in {k for _, b in camera.segments(0xC4) for k, _ in dht_entries(b)}]
    out = bytearray(b'\xff\xd8')
    for n, item in enumerate(camera.head):
        if item[0] == 'gap':
            out += item[1]
            continue
        _, marker, body = item
        if marker == 0xDB:
            entries = b''
            for precision, slot, values in dqt_entries(body):
                precision, values = new_q.get(slot, (precision, values))
                entries += bytes([precision << 4 | slot]) + b''.join(v.to_bytes(2 if precision else 1, 'big') for v in values)
            out += segment(0xDB, entries)
        elif marker == 0xC4:
            entries = b''.join(new_h.get(key, entry) for key, entry in dht_entries(body))
            if n == dht_positions[-1]:
                entries += b''.join(new_h[key] for key in left)  # tables the camera never defined
            out += segment(0xC4, entries)
        elif marker in SOF_MARKERS:
            out += segment(*new_sof)
        elif marker == 0xE1 and body.startswith(b'Exif\0') and exif is not None:
            out += segment(0xE1, exif)
        else:
            out += segment(marker, body)
    if not dht_positions:  # a camera that leaves the standard tables implicit (motion-JPEG style)
        out += segment(0xC4, b''.join(new_h.values()))
    out += segment(0xDA, sos) + new.entropy
    first_image = len(out)
    out += camera.trailer
    _patch_mpf(out, first_image, camera)
    return bytes(out)


def _camera_component_ids(camera, sof, sos):
    """The frame and scan headers with the camera's component ids (libraries number components 1, 2, 3;
    some cameras 0, 1, 2), matched by position."""
    marker, body = sof
    ids = {new[0]: cam[0] for new, cam in zip(Jpeg.frame_components(body), camera.frame()[3])}
    body, sos = bytearray(body), bytearray(sos)
    for c in range(body[5]):
        body[6 + 3 * c] = ids[body[6 + 3 * c]]
    for c in range(sos[0]):
        sos[1 + 2 * c] = ids[sos[1 + 2 * c]]
    return (marker, bytes(body)), bytes(sos)


def _patch_mpf(out, first_image, camera):
    """An MPO's index (APP2 "MPF") gives each image's size and offset from the index; the first image's
    length changed, so the entries are moved by as much, as a careful forger's tool would."""
    tiff = _mpf_offset(Jpeg(bytes(out)))
    if tiff is None:
        return
    old_tiff = _mpf_offset(camera)
    old_first = len(camera.data) - len(camera.trailer)
    shift = (first_image - old_first) - (tiff - old_tiff)
    order = '<' if out[tiff:tiff + 2] == b'II' else '>'
    ifd = tiff + struct.unpack(order + 'I', out[tiff + 4:tiff + 8])[0]
    for e in range(struct.unpack(order + 'H', out[ifd:ifd + 2])[0]):
        entry = ifd + 2 + 12 * e
        tag, _, count, value = struct.unpack(order + 'HHII', out[entry:entry + 12])
        if tag == 0xB002:
            for k in range(count // 16):
                at = tiff + value + 16 * k
                size, offset = struct.unpack(order + 'II', out[at + 4:at + 12])
                if offset == 0:
                    out[at + 4:at + 8] = struct.pack(order + 'I', first_image)
                else:
                    out[at + 8:at + 12] = struct.pack(order + 'I', offset + shift)


def _mpf_offset(jpeg):
    """Where the MPF index's TIFF header starts in `jpeg` (past the marker, the length and "MPF\0"), or None."""
    position = 2
    for item in jpeg.head:
        if item[0] == 'gap':
            position += len(item[1])
            continue
        _, marker, body = item
        if marker == 0xE2 and body.startswith(b'MPF\0'):
            return position + 8
        position += 4 + len(body)
    return None


class Thumbnail:
    """The thumbnail of an APP1 "Exif" body: IFD1's JPEGInterchangeFormat, or its uncompressed strip."""

    def __init__(self, exif):
        self.exif = exif
        tiff = exif[6:]
        self.order = '<' if tiff[:2] == b'II' else '>'
        self.tiff = tiff
        ifd0 = self._u32(4)
        next_ifd = self._u32(ifd0 + 2 + 12 * self._u16(ifd0))
        self.tags = {}
        if next_ifd == 0 or next_ifd + 2 > len(tiff):
            self.kind = None
            return
        for e in range(self._u16(next_ifd)):
            entry = next_ifd + 2 + 12 * e
            tag, kind, count = struct.unpack(self.order + 'HHI', tiff[entry:entry + 8])
            self.tags[tag] = (entry, kind, count)
        if 0x0201 in self.tags and 0x0202 in self.tags:
            self.kind = 'jpeg'
            self.offset, self.length = self._value(0x0201), self._value(0x0202)
        elif 0x0111 in self.tags and self.tags[0x0111][2] == 1:
            self.kind = 'strip'
            self.offset, self.length = self._value(0x0111), self._value(0x0117)
            self.width, self.height = self._value(0x0100), self._value(0x0101)
            self.photometric = self._value(0x0106) if 0x0106 in self.tags else 2
            if 0x0212 in self.tags:
                entry = self.tags[0x0212][0]
                self.subsampling = struct.unpack(self.order + 'HH', tiff[entry + 8:entry + 12])
            else:
                self.subsampling = (2, 1)
        else:
            self.kind = None

    def _u16(self, at):
        return struct.unpack(self.order + 'H', self.tiff[at:at + 2])[0]

    def _u32(self, at):
        return struct.unpack(self.order + 'I', self.tiff[at:at + 4])[0]

    def _value(self, tag):
        entry, kind, _ = self.tags[tag]
        return self._u16(entry + 8) if kind == 3 else self._u32(entry + 8)

    def data(self):
        return self.tiff[self.offset:self.offset + self.length]

    def fits(self, size):
        """Whether a thumbnail of size bytes fits where this one is, the APP1 segment within 64 KB."""
        at_end = self.offset + self.length >= len(self.tiff)
        grown = size - self.length if at_end or size > self.length else 0
        return (at_end or size <= self.length) and len(self.exif) + grown + 2 <= 0xFFFF

    def replaced(self, data, move=False):
        """The EXIF body with the thumbnail's bytes replaced where the camera put them: at the end of the
        block when it was there, else in place (the rest zeroed, as cameras pad); moved to the end only when
        asked (the old bytes zeroed)."""
        tiff = bytearray(self.tiff)
        if self.kind == 'strip' and len(data) != self.length:
            raise ValueError('an uncompressed thumbnail keeps its size')
        offset = self.offset
        if self.offset + self.length >= len(tiff):
            del tiff[self.offset:]
            tiff += data
        elif len(data) <= self.length:
            tiff[self.offset:self.offset + self.length] = data + bytes(self.length - len(data))
        elif move and self.kind == 'jpeg':
            tiff[self.offset:self.offset + self.length] = bytes(self.length)
            offset = len(tiff)
            tiff += data
        else:
            raise ValueError('the thumbnail does not fit where the camera put it')
        if self.kind == 'jpeg':
            self._put(tiff, 0x0201, offset)
            self._put(tiff, 0x0202, len(data))
        return self.exif[:6] + bytes(tiff)

    def _put(self, tiff, tag, value):
        entry, kind, _ = self.tags[tag]
        tiff[entry + 8:entry + 12] = struct.pack(self.order + ('HH' if kind == 3 else 'I'), *((value, 0) if kind == 3 else (value,)))
