//go:build !unix

package workspace

import "os"

// lock is a no-op where flock does not exist: one process per workspace is
// then the user's to keep.
func lock(*os.File) error { return nil }

func lockShared(*os.File) error { return nil }

func sameFile(*os.File, string) bool { return true }

func lockHolder(*os.File) (int, string) { return 0, "" }
