package puzzlesat

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
)

// samples holds the judge inputs of testdata, which the lab offers by
// name: 57 KB, built into the library so that a binary installed alone
// and the lab's WebAssembly module have them too.
//
//go:embed testdata/*/*.in
var samples embed.FS

// Samples returns the names of the sample inputs of the kind named kind,
// the judge data of testdata/KIND/*.in ("sample.in" among them), sorted.
func Samples(kind string) []string {
	if _, err := Lookup(kind); err != nil {
		return nil
	}
	entries, _ := fs.ReadDir(samples, path.Join("testdata", kind))
	var names []string
	for _, e := range entries {
		if !e.IsDir() {
			names = append(names, e.Name())
		}
	}
	return names
}

// Sample returns the text of the sample input name of the kind named
// kind; a name that Samples does not list is an error.
func Sample(kind, name string) ([]byte, error) {
	for _, n := range Samples(kind) {
		if n == name {
			return samples.ReadFile(path.Join("testdata", kind, name))
		}
	}
	return nil, fmt.Errorf("%s has no sample %q", kind, name)
}
