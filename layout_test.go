package puzzlesat_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const module = "github.com/puzzlesat/puzzlesat"

// imports returns the packages of this module that the package in dir
// imports, its tests left out.
func imports(t *testing.T, dir string) []string {
	t.Helper()
	pkgs, err := parser.ParseDir(token.NewFileSet(), dir, func(fi os.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, parser.ImportsOnly)
	require.NoError(t, err)
	var out []string
	for _, p := range pkgs {
		for _, f := range p.Files {
			for _, im := range f.Imports {
				path, _ := strconv.Unquote(im.Path.Value)
				if rest, ok := strings.CutPrefix(path, module+"/"); ok {
					out = append(out, rest)
				}
			}
		}
	}
	return out
}

// reaches returns every package of this module that dir's package
// imports, directly or through others.
func reaches(t *testing.T, dir string) map[string]bool {
	seen := map[string]bool{}
	var walk func(string)
	walk = func(d string) {
		for _, im := range imports(t, d) {
			if !seen[im] {
				seen[im] = true
				walk(im)
			}
		}
	}
	walk(dir)
	return seen
}

// TestBackendsApart: a kind's search and its SAT backend never import
// each other, even through a third package, so that neither can borrow
// the other's answer; and no kind's packages reach another kind's.
func TestBackendsApart(t *testing.T) {
	dirs, err := filepath.Glob("kinds/*/dfs")
	require.NoError(t, err)
	require.NotEmpty(t, dirs)
	for _, dfs := range dirs {
		kind := filepath.Dir(dfs)
		sat := filepath.Join(kind, "sat")
		for pkg, other := range map[string]string{dfs: sat, sat: dfs} {
			for p := range reaches(t, pkg) {
				require.False(t, p == other || strings.HasPrefix(p, other+"/"), "%s reaches %s", pkg, other)
				if strings.HasPrefix(p, "kinds/") {
					require.True(t, p == kind || strings.HasPrefix(p, kind+"/"), "%s reaches another kind's %s", pkg, p)
				}
			}
		}
	}
}

// TestRootAPISmall holds the root package to what a library user needs
// (issue 39): at most 60 exported identifiers, counting methods and
// constants, and `go doc -all .` under 300 lines.
func TestRootAPISmall(t *testing.T) {
	out, err := exec.Command("go", "doc", "-all", ".").Output()
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	require.Less(t, len(lines), 300, "go doc -all . is %d lines", len(lines))

	pkgs, err := parser.ParseDir(token.NewFileSet(), ".", func(fi os.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, 0)
	require.NoError(t, err)
	var names []string
	for _, f := range pkgs["puzzlesat"].Files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Name.IsExported() {
					names = append(names, d.Name.Name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							names = append(names, s.Name.Name)
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() {
								names = append(names, n.Name)
							}
						}
					}
				}
			}
		}
	}
	require.LessOrEqual(t, len(names), 60, "exported: %v", names)
}
