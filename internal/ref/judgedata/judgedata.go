// Package judgedata finds the judge data that tests and benchmarks read:
// the files kept in each kind's testdata folder, and the large
// benchmark sets that stay outside it.
package judgedata

import (
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Path returns the path of a kind's judge file, under kinds/KIND/testdata,
// such as Path(tb, "sticks", "hard_454.in"). The test fails when the file
// is missing: the data belongs to the repository.
func Path(tb testing.TB, elem ...string) string {
	tb.Helper()
	root, err := moduleRoot()
	if err != nil {
		tb.Fatalf("judge data: %v", err)
	}
	p := inRepository(root, elem)
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
	if p := inRepository(root, elem); exists(p) {
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

// inRepository returns the path of a kind's judge file, elem being the
// kind's name and the file's: kinds/KIND/testdata/FILE, KIND's folder
// being its name without hyphens.
func inRepository(root string, elem []string) string {
	if len(elem) == 0 {
		return filepath.Join(root, "kinds")
	}
	dir := strings.ReplaceAll(elem[0], "-", "")
	return filepath.Join(append([]string{root, "kinds", dir, "testdata"}, elem[1:]...)...)
}

// Parse reads the instances of the file at path with parse (such as
// sticks.Parse), failing tb on any error.
func Parse[I any](tb testing.TB, path string, parse func(file string, r io.Reader) ([]I, error)) []I {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatalf("judge data: %v", err)
	}
	defer f.Close()
	ps, err := parse(path, f)
	if err != nil {
		tb.Fatalf("judge data: %v", err)
	}
	return ps
}

// Read returns the text of the file at path, such as an expected output,
// failing tb on any error.
func Read(tb testing.TB, path string) string {
	tb.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatalf("judge data: %v", err)
	}
	return string(b)
}

// Case reads a judge input of the repository's testdata folder, kind/in,
// with parse, and its expected output kind/out.
func Case[I any](tb testing.TB, parse func(file string, r io.Reader) ([]I, error), kind, in, out string) ([]I, string) {
	tb.Helper()
	return Parse(tb, Path(tb, kind, in), parse), Read(tb, Path(tb, kind, out))
}

// Ints returns the whitespace-separated integers of an expected output,
// failing tb on anything else.
func Ints(tb testing.TB, s string) []int {
	tb.Helper()
	var out []int
	for _, f := range strings.Fields(s) {
		v, err := strconv.Atoi(f)
		if err != nil {
			tb.Fatalf("judge data: %v", err)
		}
		out = append(out, v)
	}
	return out
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
