// Package judgedata finds the public judge data that tests read from
// ../shared/data beside the repository.
package judgedata

import (
	"os"
	"path/filepath"
	"testing"
)

// Dir returns the data folder: $PUZZLESAT_DATA if set, else ../shared/data
// seen from the folder holding go.mod. When the folder is missing the test
// is skipped, or failed when CI=true.
func Dir(tb testing.TB) string {
	tb.Helper()
	dir := os.Getenv("PUZZLESAT_DATA")
	if dir == "" {
		root, err := moduleRoot()
		if err != nil {
			tb.Fatalf("judge data: %v", err)
		}
		dir = filepath.Join(root, "..", "shared", "data")
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("judge data folder %s is missing (set PUZZLESAT_DATA)", dir)
		}
		tb.Skipf("judge data folder %s is missing; skipping (set PUZZLESAT_DATA)", dir)
	}
	return dir
}

// Path returns the path of a file under the data folder, as Dir does.
func Path(tb testing.TB, elem ...string) string {
	tb.Helper()
	return filepath.Join(append([]string{Dir(tb)}, elem...)...)
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
