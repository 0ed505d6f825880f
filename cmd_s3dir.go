package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// s3DirFlag is --s3-dir: the folder standing in for Amazon S3 that
// ExportTableToPointInTime writes to and ImportTable and StartBulkPutItems
// read from (one sub-folder per bucket, keys as paths).
type s3DirFlag struct {
	dir  string
	temp bool // a folder made for an in-memory workspace, removed at exit
}

func (s *s3DirFlag) register(fs *flag.FlagSet) {
	fs.StringVar(&s.dir, "s3-dir", "", "folder standing in for Amazon S3 (exports, imports, bulk puts): one sub-folder per bucket (default: beside the --db file, DB-s3; a temporary folder for a workspace in memory)")
}

// resolve picks the folder: --s3-dir, else DB-s3 beside the workspace
// file (work.db: work-s3), else a temporary folder.
func (s *s3DirFlag) resolve(db string) error {
	switch {
	case s.dir != "":
	case db != "":
		s.dir = strings.TrimSuffix(db, filepath.Ext(db)) + "-s3"
	default:
		dir, err := os.MkdirTemp("", "dynoscope-s3-")
		if err != nil {
			return err
		}
		s.dir, s.temp = dir, true
	}
	abs, err := filepath.Abs(s.dir)
	if err != nil {
		return err
	}
	s.dir = abs
	return nil
}

// describe says where the stand-in is.
func (s *s3DirFlag) describe(w io.Writer) {
	if s.temp {
		fmt.Fprintf(w, "dynoscope: S3 stand-in: %s (temporary, removed at exit: pass --s3-dir DIR to keep exports)\n", s.dir)
		return
	}
	fmt.Fprintf(w, "dynoscope: S3 stand-in: %s (one folder per bucket; import error logs in .cloudwatch/)\n", s.dir)
}

// cleanup removes a temporary folder.
func (s *s3DirFlag) cleanup() {
	if s.temp {
		os.RemoveAll(s.dir)
	}
}
