package puzzlesat_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
)

// listAllowed are the only files outside kinds/ that may name most of the
// kinds, each with the reason (docs/decisions.md, "One list").
var listAllowed = map[string]string{
	"docs/results.md":   "a log of what was measured, dated: a new kind adds its own sections and edits none",
	"docs/decisions.md": "a log of the decisions, as they were taken: a new kind adds its own and edits none",
}

// TestOneList holds the registry (kinds/kinds.go) to being the one list of
// the kinds: no tracked text file outside kinds/ names more than half of
// the registered kinds (namedKinds). The README's table of the kinds is
// checked instead against `puzzlesat kinds`, row by row, and then left
// out of the count.
func TestOneList(t *testing.T) {
	kinds := newKindNames()
	for _, f := range trackedFiles(t) {
		if strings.HasPrefix(f, "kinds/") {
			continue
		}
		text, err := os.ReadFile(f)
		require.NoError(t, err)
		if !utf8.Valid(text) || bytes.IndexByte(text, 0) >= 0 {
			continue // an image, a binary: no list a person edits
		}
		if f == "README.md" {
			text = checkKindsTable(t, text)
		}
		named := kinds.in(text)
		_, allowed := listAllowed[f]
		if 2*len(named) > len(puzzlesat.Kinds()) && !allowed {
			t.Errorf("%s names %d of the %d kinds (%s): ask the registry (puzzlesat.Kinds(), `puzzlesat kinds --names`) or move each kind's part beside it, in kinds/", f, len(named), len(puzzlesat.Kinds()), strings.Join(named, ", "))
		}
	}
}

// TestOneListSeesAList: kindNames finds a list of the registry's kinds
// in a doc comment, in any case and by their folders' names too, and
// counts a kind named as an example once.
func TestOneListSeesAList(t *testing.T) {
	kinds := newKindNames()
	var names, folders []string
	for _, k := range puzzlesat.Kinds() {
		names = append(names, strings.ToUpper(k.Name()))
		folders = append(folders, "kinds/"+strings.ReplaceAll(k.Name(), "-", "")+"/spec")
	}
	comment := "// Kind is one kind of puzzle: " + strings.Join(names, ", ") + ".\n"
	require.Len(t, kinds.in([]byte(comment)), len(names), comment)
	imports := strings.Join(folders, "\n")
	require.Len(t, kinds.in([]byte(imports)), len(folders), imports)
	example := "// Name returns the kind's name, such as \"" + puzzlesat.Kinds()[0].Name() + "\"; " + puzzlesat.Kinds()[0].Name() + "s are " + puzzlesat.Kinds()[0].Name() + ".\n"
	require.Len(t, kinds.in([]byte(example)), 1, example)
}

// kindNames finds the names of the registered kinds in a text: each by
// its name (digit-puzzle) or its folder's (digitpuzzle), as a whole word,
// in any case.
type kindNames struct {
	words *regexp.Regexp    // any form of any kind's name, in lower case
	kind  map[string]string // the kind of each form
}

func newKindNames() kindNames {
	m := kindNames{kind: map[string]string{}}
	var forms []string
	for _, k := range puzzlesat.Kinds() {
		name := strings.ToLower(k.Name())
		for _, form := range []string{name, strings.ReplaceAll(name, "-", "")} {
			m.kind[form] = k.Name()
			forms = append(forms, regexp.QuoteMeta(form))
		}
	}
	slices.SortFunc(forms, func(a, b string) int { return len(b) - len(a) }) // the longest first: a name within another's
	m.words = regexp.MustCompile(`\b(` + strings.Join(forms, "|") + `)\b`)
	return m
}

// in returns the kinds that text names, sorted.
func (m kindNames) in(text []byte) []string {
	var named []string
	for _, w := range m.words.FindAll(bytes.ToLower(text), -1) {
		named = append(named, m.kind[string(w)])
	}
	slices.Sort(named)
	return slices.Compact(named)
}

// trackedFiles returns the files git tracks, or every file under the
// current directory outside .git when it is not a git checkout.
func trackedFiles(t *testing.T) []string {
	t.Helper()
	out, err := exec.Command("git", "ls-files", "-z").Output()
	if err == nil {
		return strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	}
	var files []string
	err = filepath.WalkDir(".", func(p string, d os.DirEntry, err error) error {
		if err == nil && d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if err == nil && !d.IsDir() {
			files = append(files, filepath.ToSlash(p))
		}
		return err
	})
	require.NoError(t, err)
	return files
}

// checkKindsTable checks the README's table of the kinds against the
// registry, row by row: the name and the summary, as `puzzlesat kinds`
// prints them, in its order. It returns the README without the table.
func checkKindsTable(t *testing.T, readme []byte) []byte {
	t.Helper()
	var want strings.Builder
	for _, k := range puzzlesat.Kinds() {
		fmt.Fprintf(&want, "| `%s` | %s |\n", k.Name(), k.Summary())
	}
	table := regexp.MustCompile("(?m)^\\| kind \\| puzzle \\|\n\\|---\\|---\\|\n((?:\\|.*\n)*)").FindSubmatchIndex(readme)
	require.NotNil(t, table, "README's table of the kinds")
	require.Equal(t, want.String(), string(readme[table[2]:table[3]]), "README's table of the kinds, as `puzzlesat kinds` prints them")
	return append(readme[:table[0]:table[0]], readme[table[1]:]...)
}
