package puzzlesat

import (
	"fmt"
	"slices"

	"github.com/puzzlesat/puzzlesat/technique"
)

// Pruning is one pruning of a kind's DFS, as Kind.Prunings lists them.
type Pruning struct {
	Name     string   // its name in Options.Prunings, such as "equal-skip"
	Category Category // which kind of cut it is
	Doc      string   // what it does, in a line
	// Chapter is where the chapter on pruning that the puzzles come from
	// names it: the number of the cut in its worked example ("3.2"), or
	// "named"; "" for a pruning beyond the chapter.
	Chapter string
	Counts  string // what one count of it in Stats.Cuts is, such as "states refused"
	// Optional is set for a pruning off unless switched on (+NAME).
	Optional bool
	// Needs lists the prunings it relies on: switching one of them off
	// switches it off too.
	Needs []string
}

// Category is the kind of a pruning, after the chapter on pruning: its
// five (order, redundancy, feasibility, optimality, memo) and three of
// puzzlesat's (propagation, learning, bound).
type Category string

// Legend says what the category means, in a line.
func (c Category) Legend() string { return technique.Category(c).Legend() }

// Categories returns every category, the chapter's five first.
func Categories() []Category {
	var out []Category
	for _, c := range technique.Categories() {
		out = append(out, Category(c))
	}
	return out
}

// Choice is one choice point of a kind's SAT encoding, as Kind.Encodings
// lists them.
type Choice struct {
	Point   string   // its name in Options.Encoding, such as "amo"
	Options []string // the options, the default first
	Doc     string   // what the point chooses, in a line
	// Search is set for a point that chooses how the formula is solved,
	// not the formula: export leaves it out.
	Search bool
}

// Prunings returns the prunings of the kind's own DFS, which
// Options.Prunings switches; Searches lists the chapter's search's too.
func (k *Kind[I, A]) Prunings() []Pruning { return prunings(k.prunings) }

// prunings converts the prunings of a search.
func prunings(ps []technique.Pruning) []Pruning {
	out := make([]Pruning, len(ps))
	for i, p := range ps {
		out[i] = Pruning{Name: p.Name, Category: Category(p.Category), Doc: p.Doc, Chapter: p.Chapter,
			Counts: p.Counts, Optional: p.Optional, Needs: slices.Clone(p.Needs)}
	}
	return out
}

// Encodings returns the choice points of the kind's SAT encoding, which
// Options.Encoding picks from.
func (k *Kind[I, A]) Encodings() []Choice {
	out := make([]Choice, len(k.encodings))
	for i, c := range k.encodings {
		out[i] = Choice{Point: c.Point, Options: slices.Clone(c.Options), Doc: c.Doc, Search: c.Search}
	}
	return out
}

// ParsePrunings checks spec, as Options.Prunings takes it, against the
// prunings of the search it selects (see Preset), so that a wrong name
// fails before any solve: it returns spec in its canonical form (the
// preset "chapter" first, then sorted, each name once) and a note for
// each pruning switched off because it needs one that spec switches off.
// An unknown name is an error that lists the valid ones.
func (k *Kind[I, A]) ParsePrunings(spec string) (string, []string, error) {
	set, notes, err := k.searches().Resolve(spec)
	if err != nil {
		return "", nil, fmt.Errorf("%s: %w", k.name, err)
	}
	return set.String(), notes, nil
}

// ParseEncoding checks spec, as Options.Encoding takes it, against the
// kind's choice points, and returns it in its canonical form
// (POINT=OPTION, sorted by point, defaults left out).
func (k *Kind[I, A]) ParseEncoding(spec string) (string, error) {
	picks, err := technique.ResolveEncoding(k.encodings, spec)
	if err != nil {
		return "", fmt.Errorf("%s: %w", k.name, err)
	}
	return picks.String(), nil
}
