//go:build unix

package workspace

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// lock takes an exclusive, non-blocking flock on f; errLocked when another
// process holds it.
func lock(f *os.File) error { return flock(f, syscall.LOCK_EX) }

// lockShared takes a shared, non-blocking flock on f (a reader's: other
// readers may hold it too, a writer may not); errLocked when a writer
// holds it.
func lockShared(f *os.File) error { return flock(f, syscall.LOCK_SH) }

func flock(f *os.File, how int) error {
	for {
		err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return errLocked
		default:
			return err
		}
	}
}

// sameFile reports whether f is still the file at path (a compaction in
// another process may have renamed a new file over it).
func sameFile(f *os.File, path string) bool {
	a, err1 := f.Stat()
	b, err2 := os.Stat(path)
	return err1 == nil && err2 == nil && os.SameFile(a, b)
}

// lockHolder names the process that holds the flock on f, where the system
// tells (Linux: /proc/locks): its pid and command line.
func lockHolder(f *os.File) (int, string) {
	fi, err := f.Stat()
	if err != nil {
		return 0, ""
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, ""
	}
	data, err := os.ReadFile("/proc/locks")
	if err != nil {
		return 0, ""
	}
	ino := strconv.FormatUint(uint64(st.Ino), 10)
	for _, line := range strings.Split(string(data), "\n") {
		fields := strings.Fields(line)
		// "1: FLOCK  ADVISORY  WRITE 2405 fd:01:1835014 0 EOF"; waiters
		// carry "->" after the number.
		if len(fields) > 1 && fields[1] == "->" {
			continue
		}
		if len(fields) < 6 || fields[1] != "FLOCK" {
			continue
		}
		dev := strings.Split(fields[5], ":")
		if len(dev) != 3 || dev[2] != ino {
			continue
		}
		pid, err := strconv.Atoi(fields[4])
		if err != nil || pid == os.Getpid() {
			continue
		}
		return pid, commandLine(pid)
	}
	return 0, ""
}

// commandLine reads a process's command line, its program named by base
// name.
func commandLine(pid int) string {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	if err != nil || len(data) == 0 {
		return ""
	}
	args := strings.Split(strings.TrimRight(string(data), "\x00"), "\x00")
	if i := strings.LastIndexByte(args[0], '/'); i >= 0 {
		args[0] = args[0][i+1:]
	}
	return strings.Join(args, " ")
}
