// Package judgedata finds the judge data that tests and benchmarks read:
// the files kept in the repository's testdata folder, and the large
// benchmark sets that stay outside it.
package judgedata

import (
	"os"
	"path/filepath"
	"testing"
)

// Path returns the path of a file under the repository's testdata folder,
// such as Path(tb, "sticks", "hard_454.in"). The test fails when the file
// is missing: the data belongs to the repository.
func Path(tb testing.TB, elem ...string) string {
	tb.Helper()
	root, err := moduleRoot()
	if err != nil {
		tb.Fatalf("judge data: %v", err)
	}
	p := filepath.Join(append([]string{root, "testdata"}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		tb.Fatalf("judge data: %v", err)
	}
	return p
}

// Find returns the path of a data file for a benchmark: from the
// repository's testdata folder when it is there, else from the large
// benchmark sets kept outside the repository (the 49,151 17-clue sudokus,
// magictour, forum_hardest): under $PUZZLESAT_DATA if set, else
// ../shared/data beside the repository. It skips the benchmark with a
// message when the file is in neither place. Tests use Path.
func Find(tb testing.TB, elem ...string) string {
	tb.Helper()
	root, err := moduleRoot()
	if err != nil {
		tb.Fatalf("judge data: %v", err)
	}
	if p := filepath.Join(append([]string{root, "testdata"}, elem...)...); exists(p) {
		return p
	}
	dir := os.Getenv("PUZZLESAT_DATA")
	if dir == "" {
		dir = filepath.Join(root, "..", "shared", "data")
	}
	p := filepath.Join(append([]string{dir}, elem...)...)
	if !exists(p) {
		tb.Skipf("large data set %s is missing (set PUZZLESAT_DATA to the folder that holds it): skipping", p)
	}
	return p
}

// exists reports whether a file is at path p.
func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// moduleRoot walks up from the working directory to the folder with go.mod.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", os.ErrNotExist
		}
		dir = parent
	}
}
