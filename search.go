package puzzlesat

import (
	"context"
	"fmt"

	searchx "github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
)

// search is a kind's second depth-first search, the chapter's own program,
// with its prunings: its numbered cuts.
type search[I, A any] struct {
	doc      string // what the search is, in a line
	prunings []technique.Pruning
	dfs      func(context.Context, I, technique.Set) (A, searchx.Stats, error)
}

// Search is one of a kind's depth-first searches with its prunings: the
// kind's own, or, for the kinds whose example the chapter on pruning works
// through, the chapter's program step by step, which Options.Prunings
// selects with the preset "chapter" ("chapter,-3.3").
type Search struct {
	Name     string // "" for the kind's own search; "chapter", the preset that selects it, for the chapter's
	Doc      string // what the search is, in a line
	Prunings []Pruning
}

// Preset is a whole set of prunings that Options.Prunings may start with:
// "all" (every pruning of the kind's own search on), "none" (every one
// off), and for the kinds that have it "chapter" (the chapter's search,
// every cut on). The switches after it change what it sets: "none,+memo".
type Preset struct {
	Name string
	Doc  string // what it selects, in a line
}

// searches returns the prunings of the kind's searches.
func (k *Kind[I, A]) searches() technique.Searches {
	return technique.Searches{Own: k.prunings, Chapter: k.chapter.prunings}
}

// Searches returns the kind's depth-first searches, its own first, then
// the chapter's when it has one.
func (k *Kind[I, A]) Searches() []Search {
	out := []Search{{Doc: "puzzlesat's own search", Prunings: k.Prunings()}}
	if k.chapter.prunings != nil {
		out = append(out, Search{Name: technique.Chapter, Doc: k.chapter.doc, Prunings: prunings(k.chapter.prunings)})
	}
	return out
}

// Presets returns the presets that Options.Prunings may start with for
// the kind.
func (k *Kind[I, A]) Presets() []Preset {
	var out []Preset
	for _, p := range k.searches().Presets() {
		out = append(out, Preset{Name: p.Name, Doc: p.Doc})
	}
	return out
}

// SearchOf returns the search that spec, as Options.Prunings takes it,
// selects, with its prunings. An unknown name in spec is an error, as in
// ParsePrunings.
func (k *Kind[I, A]) SearchOf(spec string) (Search, error) {
	set, _, err := k.searches().Resolve(spec)
	if err != nil {
		return Search{}, fmt.Errorf("%s: %w", k.name, err)
	}
	ss := k.Searches()
	if set.Chapter() {
		return ss[1], nil
	}
	return ss[0], nil
}

// dfsOf returns the search that set selects and its prunings.
func (k *Kind[I, A]) dfsOf(set technique.Set) (func(context.Context, I, technique.Set) (A, searchx.Stats, error), []technique.Pruning) {
	if set.Chapter() {
		return k.chapter.dfs, k.chapter.prunings
	}
	return k.dfs, k.prunings
}
