package puzzlesat

import (
	"fmt"
	"io/fs"
	"slices"

	"github.com/puzzlesat/puzzlesat/kind"
)

// Samples returns the names of the kind's sample inputs, its judge data
// ("sample.in" among them), sorted; none for a kind without
// (kind.Sampler).
func (k Kind) Samples() []string {
	s, ok := k.Kind.(kind.Sampler)
	if !ok || s.Samples() == nil {
		return nil
	}
	entries, _ := fs.ReadDir(s.Samples(), ".")
	var names []string
	for _, e := range entries {
		if !e.IsDir() {
			names = append(names, e.Name())
		}
	}
	return names
}

// Sample returns the text of the kind's sample input name; a name that
// Samples does not list is an error.
func (k Kind) Sample(name string) ([]byte, error) {
	if !slices.Contains(k.Samples(), name) {
		return nil, fmt.Errorf("%s has no sample %q", k.Name(), name)
	}
	return fs.ReadFile(k.Kind.(kind.Sampler).Samples(), name)
}
