package workspace

import (
	"errors"
	"fmt"
	"io/fs"
)

// errLocked is what lock returns when another process holds the file.
var errLocked = errors.New("locked")

// LockedError says that another process has the workspace open.
type LockedError struct {
	Path    string
	PID     int    // 0 when the system does not tell
	Command string // the holder's command line, when known
}

func (e *LockedError) Error() string {
	who := "another process"
	if e.PID != 0 {
		who = fmt.Sprintf("process %d", e.PID)
		if e.Command != "" {
			who += " (" + e.Command + ")"
		}
	}
	return fmt.Sprintf("workspace %s is in use by %s; two processes writing one workspace would destroy it. Stop that process first, or use another --db file", e.Path, who)
}

// NotWorkspaceError says that a file is not a workspace; nothing was
// written to it.
type NotWorkspaceError struct {
	Path  string
	Looks string // what it looks like: "JSON text, 7 bytes"
}

func (e *NotWorkspaceError) Error() string {
	return fmt.Sprintf("%s is not a dynoscope workspace (it looks like %s); nothing was changed. Pass a new file name, or an existing workspace", e.Path, e.Looks)
}

// DamagedError says that a workspace is damaged in the middle: a frame that
// is not valid is followed by valid ones. Nothing was changed.
type DamagedError struct {
	Path       string
	Offset     int64  // where the first invalid frame starts
	Frame      int    // its number among the file's frames, from 1
	Reason     string // what is wrong there
	ValidAfter int    // valid frames after it
}

func (e *DamagedError) Error() string {
	where := fmt.Sprintf("at byte %s (frame %d)", group(e.Offset), e.Frame)
	if e.Frame == 0 {
		where = "at byte " + group(e.Offset)
	}
	return fmt.Sprintf("workspace %s is damaged: %s it holds %s, and %d valid frames follow. Nothing was changed. "+
		"Run 'dynoscope repair --db %s' to rebuild it from every frame that can be read (the original is kept as a backup)",
		e.Path, where, e.Reason, e.ValidAfter, e.Path)
}

// ErrReadOnly is what writing to a workspace opened read-only returns.
var ErrReadOnly = errors.New("the workspace is open read-only")

// WriteError says that appending a transaction failed (a full disk, an I/O
// error); nothing of the transaction stayed in the file. Error names the
// file, for a log; Cause says what failed without naming it, for an answer
// to a client.
type WriteError struct {
	Path string
	Err  error
}

func (e *WriteError) Error() string { return fmt.Sprintf("write workspace %s: %v", e.Path, e.Err) }
func (e *WriteError) Unwrap() error { return e.Err }

// Cause says what failed, without the file's path: "no space left on
// device".
func (e *WriteError) Cause() string {
	err := e.Err
	var pe *fs.PathError
	for errors.As(err, &pe) {
		err = pe.Err
	}
	return err.Error()
}
