package puzzlesat_test

import (
	"context"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/kind"
)

// TestKindDocExamples runs the one-line examples of the README and of
// each kind's package doc (kinds/KIND/doc.go, which has one at least, of
// its kind): each prints what its text says. Every kind has its ablation
// tables beside it, kinds/KIND/ABLATION.md.
func TestKindDocExamples(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	require.NotEmpty(t, readmeExamples(t, string(readme)), "README's examples")
	docs, err := filepath.Glob("kinds/*/doc.go")
	require.NoError(t, err)
	for _, file := range docs {
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		var doc strings.Builder
		for _, line := range strings.Split(string(src), "\n") {
			if rest, ok := strings.CutPrefix(line, "//\t"); ok {
				doc.WriteString("    " + rest + "\n")
			}
		}
		kinds := readmeExamples(t, doc.String())
		require.NotEmpty(t, kinds, "%s: a one-line example, as the README's", file)
		for _, k := range kinds {
			require.Equal(t, filepath.Base(filepath.Dir(file)), strings.ReplaceAll(k, "-", ""), "%s: an example of its own kind", file)
		}
	}
	for _, k := range puzzlesat.Kinds() {
		require.FileExists(t, filepath.Join(kindDir(t, k), "ABLATION.md"), "run docs/ablation.sh %s", k.Name())
	}
}

// kindDir returns the folder of k, kinds/K, from the package of the type
// it registered, kinds/K/spec.
func kindDir(t *testing.T, k puzzlesat.Kind) string {
	dir, ok := strings.CutPrefix(reflect.TypeOf(k.Kind).PkgPath(), module+"/")
	require.True(t, ok && strings.HasPrefix(dir, "kinds/"), "%s registered from %s", k.Name(), dir)
	return path.Dir(dir)
}

// readmeExample is one "$ echo 'INPUT' | puzzlesat solve KIND" of the
// README, with the lines it prints.
type readmeExample struct {
	kind, in, out string
}

// readmeExamples returns the kinds of the one-line examples of a text in
// the README's form, after checking that each prints what the text says,
// as the command's solve does: the DFS, verified.
func readmeExamples(t *testing.T, readme string) []string {
	t.Helper()
	re := regexp.MustCompile(`(?m)^    \$ echo '([^']*)' \| puzzlesat solve ([a-z-]+)\n((?:    [^$\n].*\n)*)`)
	var kinds []string
	for _, m := range re.FindAllStringSubmatch(readme, -1) {
		ex := readmeExample{kind: m[2], in: m[1] + "\n", out: strings.ReplaceAll(m[3], "    ", "")}
		kinds = append(kinds, ex.kind)
		k, err := puzzlesat.Lookup(ex.kind)
		require.NoError(t, err)
		var got strings.Builder
		err = k.Scan("README", strings.NewReader(ex.in), kind.ScanOptions{}, func(p kind.Instance) error {
			a, _, err := k.Solve(context.Background(), p, puzzlesat.Options{})
			got.WriteString(a.Text)
			return err
		})
		require.NoError(t, err, ex.kind)
		require.Equal(t, ex.out, got.String(), "README's example of %s", ex.kind)
	}
	return kinds
}

// TestDocsIndex: docs/README.md links every document of docs/, and the
// README links docs/README.md.
func TestDocsIndex(t *testing.T) {
	index, err := os.ReadFile("docs/README.md")
	require.NoError(t, err)
	entries, err := os.ReadDir("docs")
	require.NoError(t, err)
	for _, e := range entries {
		if e.Name() == "README.md" {
			continue
		}
		require.True(t, strings.Contains(string(index), "("+e.Name()+")"), "docs/README.md links docs/%s", e.Name())
	}
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	require.Contains(t, string(readme), "(docs/README.md)")
}

// TestDocsStayInTheRepository: no document names a file outside the
// repository: no relative path that climbs out of it, and no absolute
// path but the system's (/dev, /proc, /usr), a solver's example install
// (/opt) and the lab's requests (/api/...), which name no file.
func TestDocsStayInTheRepository(t *testing.T) {
	root, err := filepath.Abs(".")
	require.NoError(t, err)
	path := regexp.MustCompile("(?:^|[\\s\"'(=`])((?:\\.\\./|/[a-z])[^\\s\"'()`,;]*)")
	allowed := regexp.MustCompile(`^/(dev|proc|usr|opt|api)/`)
	files := []string{"README.md"}
	err = filepath.WalkDir("docs", func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && slices.Contains([]string{".md", ".sh", ".txt"}, filepath.Ext(p)) {
			files = append(files, p)
		}
		return err
	})
	require.NoError(t, err)
	for _, f := range files {
		text, err := os.ReadFile(f)
		require.NoError(t, err)
		for i, line := range strings.Split(string(text), "\n") {
			for _, m := range path.FindAllStringSubmatch(line, -1) {
				p := m[1]
				if strings.HasPrefix(p, "/") {
					require.Regexp(t, allowed, p, "%s:%d names a path outside the repository", f, i+1)
					continue
				}
				abs := filepath.Join(root, filepath.Dir(f), p)
				require.True(t, strings.HasPrefix(abs, root+string(filepath.Separator)), "%s:%d: %s climbs out of the repository", f, i+1, p)
			}
		}
	}
}

// TestModuleRecipe runs the README's recipe for a module of one's own,
// from an empty folder, against this checkout: the order of its steps
// works, and its program prints queens' answer. The checksum database is
// off, as the checkout's own go.sum vouches for its modules and a machine
// may reach the module proxy without it.
func TestModuleRecipe(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module of its own")
	}
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	m := regexp.MustCompile(`(?s)\n(    puzzlesat=\$\(pwd\).*?\n    go run \..*?)\n\n`).FindSubmatch(readme)
	require.NotNil(t, m, "the recipe's block")
	var script strings.Builder
	for _, line := range strings.Split(string(m[1]), "\n") {
		script.WriteString(strings.TrimPrefix(line, "    ") + "\n")
	}
	cmd := exec.Command("sh", "-e", "-c", script.String())
	cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir(), "GOSUMDB=off", "GOFLAGS=-mod=mod")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.True(t, strings.HasSuffix(string(out), "2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n4\n"), "%s", out)
}
