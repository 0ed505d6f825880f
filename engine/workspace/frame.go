package workspace

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"slices"
	"strconv"
)

// Header is the first line of every workspace file this version writes.
const Header = "dynoscope workspace 2\n"

// HeaderV1 is the first line of a workspace in the first format, whose
// frames carry payloads raw; this version reads it and rewrites it in the
// current format when it opens it.
const HeaderV1 = "dynoscope workspace 1\n"

// Frame magics. A frame of the current format starts with escapeByte,
// which its payload never holds unescaped (see escape): no bytes a client
// writes into an item can look like the start of a frame. The first
// format's frames start with magicV1 and carry payloads raw.
const (
	magic      = "\xf7DYT"
	magicV1    = "DYTX"
	escapeByte = 0xf7
)

// FrameHeaderSize is the size of a frame's header: magic, kind, sequence
// number, length and checksum. A buffer handed to Append reserves it.
const FrameHeaderSize = 4 + 1 + 8 + 4 + 4

// Frame kinds.
const (
	KindTransaction byte = 1
	KindSnapshot    byte = 2
	// KindStaged is a part of a transaction too large for one frame (a
	// load into existing tables): staged parts count only once the
	// transaction frame after them is in the file, and are applied just
	// before it; parts no transaction frame follows never happened.
	KindStaged byte = 3
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// NewFrame returns an empty frame buffer: the header reserved, no commands.
func NewFrame(buf []byte) []byte {
	var zero [FrameHeaderSize]byte
	return append(buf[:0], zero[:]...)
}

// sealFrame fills the reserved header of frame with kind, seq, the payload
// length and the checksum; in the current format (version 2) it first
// escapes the payload. It returns the frame, which escaping may have
// moved.
func sealFrame(frame []byte, kind byte, seq uint64, version int) []byte {
	m := magicV1
	if version >= 2 {
		m = magic
		frame = escape(frame, FrameHeaderSize)
	}
	copy(frame, m)
	frame[4] = kind
	binary.LittleEndian.PutUint64(frame[5:], seq)
	binary.LittleEndian.PutUint32(frame[13:], uint32(len(frame)-FrameHeaderSize))
	crc := crc32.Update(0, castagnoli, frame[4:17])
	crc = crc32.Update(crc, castagnoli, frame[FrameHeaderSize:])
	binary.LittleEndian.PutUint32(frame[17:], crc)
	return frame
}

// escape rewrites b[from:] so that escapeByte appears in it only followed
// by a zero byte: each escapeByte becomes escapeByte, 0. A frame's magic is
// escapeByte followed by 'D', so no payload can contain a frame's start.
// (escapeByte, 0xf7, never occurs in UTF-8 text: text grows by nothing.)
func escape(b []byte, from int) []byte {
	n := bytes.Count(b[from:], []byte{escapeByte})
	if n == 0 {
		return b
	}
	old := len(b)
	b = slices.Grow(b, n)[:old+n]
	w := len(b)
	for r := old - 1; r >= from && w > r; r-- {
		c := b[r]
		if c == escapeByte {
			w--
			b[w] = 0
		}
		w--
		b[w] = c
	}
	return b
}

// unescape undoes escape in place and returns the shortened payload; ok is
// false when escapeByte is followed by anything but 0 (not an escaped
// payload).
func unescape(p []byte) ([]byte, bool) {
	i := bytes.IndexByte(p, escapeByte)
	if i < 0 {
		return p, true
	}
	w := i
	for r := i; r < len(p); r++ {
		c := p[r]
		if c == escapeByte {
			if r+1 >= len(p) || p[r+1] != 0 {
				return nil, false
			}
			r++
		}
		p[w] = c
		w++
	}
	return p[:w], true
}

// frameHeader is a decoded frame header.
type frameHeader struct {
	kind byte
	seq  uint64
	n    int64
	crc  uint32
}

// parseFrameHeader decodes a frame header of a file of the given version;
// ok is false when the bytes are not one (wrong magic or kind).
func parseFrameHeader(b []byte, version int) (h frameHeader, ok bool) {
	m := magic
	if version < 2 {
		m = magicV1
	}
	if len(b) < FrameHeaderSize || string(b[:4]) != m {
		return h, false
	}
	h = readFrameHeader(b)
	return h, h.kind == KindTransaction || h.kind == KindSnapshot || h.kind == KindStaged && version >= 2
}

// readFrameHeader reads a frame header's fields without checking them.
func readFrameHeader(b []byte) frameHeader {
	return frameHeader{kind: b[4], seq: binary.LittleEndian.Uint64(b[5:]),
		n: int64(binary.LittleEndian.Uint32(b[13:])), crc: binary.LittleEndian.Uint32(b[17:])}
}

// check reports whether payload is the one the header describes.
func (h frameHeader) check(hdr, payload []byte) bool {
	crc := crc32.Update(0, castagnoli, hdr[4:17])
	crc = crc32.Update(crc, castagnoli, payload)
	return crc == h.crc
}

// AppendSet appends BuntDB's SET command for key and value to a frame.
func AppendSet(frame []byte, key, value string) []byte {
	frame = append(frame, "*3\r\n$3\r\nset\r\n"...)
	frame = appendBulk(frame, key)
	return appendBulk(frame, value)
}

// AppendDel appends BuntDB's DEL command for key to a frame.
func AppendDel(frame []byte, key string) []byte {
	frame = append(frame, "*2\r\n$3\r\ndel\r\n"...)
	return appendBulk(frame, key)
}

func appendBulk(dst []byte, s string) []byte {
	dst = append(dst, '$')
	dst = strconv.AppendInt(dst, int64(len(s)), 10)
	dst = append(dst, '\r', '\n')
	dst = append(dst, s...)
	return append(dst, '\r', '\n')
}

// Empty reports whether a frame buffer holds no command.
func Empty(frame []byte) bool { return len(frame) <= FrameHeaderSize }
