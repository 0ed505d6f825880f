// Package workspace keeps a dynoscope workspace file safe: an exclusive lock
// for the life of the process, a header that says what the file is, and a
// log of transactions in which every transaction is one checksummed frame,
// so that a crash at any moment leaves each transaction whole or absent.
//
// The engine keeps its data in an in-memory BuntDB database and hands this
// package, for every committed write transaction, the BuntDB commands (SET
// and DEL, in BuntDB's own RESP form) that the transaction made. Opening the
// file replays the frames into a fresh database.
//
// # File format
//
//	file    = header frame*
//	header  = "dynoscope workspace 1\n"
//	frame   = "DYTX" kind:u8 seq:u64 len:u32 crc:u32 payload[len]   (little endian)
//	crc     = CRC-32C of kind, seq, len and payload
//	kind    = 1 a transaction, 2 a part of a snapshot written by compaction
//	payload = BuntDB commands: *3 $3 set $k key $v value / *2 $3 del $k key
//
// # Recovery
//
// A frame is applied only when it is complete and its checksum matches. The
// first frame that is not marks the end of what was written: when no valid
// frame follows it, it is the unfinished tail of a crash (a write that was
// never acknowledged) and Open cuts it off, saying how many bytes it cut.
// When a valid frame does follow it, the file was damaged in the middle:
// Open refuses with a *DamagedError and changes nothing, and Salvage reads
// every frame that can still be read, for the engine's repair.
//
// # Compaction
//
// The log grows with every write. A Rewrite writes the database's current
// contents as snapshot frames into a new file beside the old one, copies the
// frames appended meanwhile, and renames the new file over the old one, so
// the path always holds one complete workspace.
package workspace
