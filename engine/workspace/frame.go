package workspace

import (
	"encoding/binary"
	"hash/crc32"
	"strconv"
)

// Header is the first line of every workspace file.
const Header = "dynoscope workspace 1\n"

// frameMagic starts every frame.
const frameMagic = "DYTX"

// FrameHeaderSize is the size of a frame's header: magic, kind, sequence
// number, length and checksum. A buffer handed to Append reserves it.
const FrameHeaderSize = 4 + 1 + 8 + 4 + 4

// Frame kinds.
const (
	KindTransaction byte = 1
	KindSnapshot    byte = 2
)

// maxPayload bounds a frame's payload; a length above it can only be damage.
const maxPayload = 1<<32 - 1

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// NewFrame returns an empty frame buffer: the header reserved, no commands.
func NewFrame(buf []byte) []byte {
	var zero [FrameHeaderSize]byte
	return append(buf[:0], zero[:]...)
}

// sealFrame fills the reserved header of frame with kind, seq, the payload
// length and the checksum.
func sealFrame(frame []byte, kind byte, seq uint64) {
	copy(frame, frameMagic)
	frame[4] = kind
	binary.LittleEndian.PutUint64(frame[5:], seq)
	binary.LittleEndian.PutUint32(frame[13:], uint32(len(frame)-FrameHeaderSize))
	crc := crc32.Update(0, castagnoli, frame[4:17])
	crc = crc32.Update(crc, castagnoli, frame[FrameHeaderSize:])
	binary.LittleEndian.PutUint32(frame[17:], crc)
}

// frameHeader is a decoded frame header.
type frameHeader struct {
	kind byte
	seq  uint64
	n    int64
	crc  uint32
}

// parseFrameHeader decodes a frame header; ok is false when the bytes are
// not one (wrong magic or kind).
func parseFrameHeader(b []byte) (h frameHeader, ok bool) {
	if len(b) < FrameHeaderSize || string(b[:4]) != frameMagic {
		return h, false
	}
	h.kind = b[4]
	if h.kind != KindTransaction && h.kind != KindSnapshot {
		return h, false
	}
	h.seq = binary.LittleEndian.Uint64(b[5:])
	h.n = int64(binary.LittleEndian.Uint32(b[13:]))
	h.crc = binary.LittleEndian.Uint32(b[17:])
	return h, true
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
