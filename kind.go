package puzzlesat

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/internal/suggest"
	"github.com/puzzlesat/puzzlesat/kind"
	_ "github.com/puzzlesat/puzzlesat/kinds" // every kind registers itself
	"github.com/puzzlesat/puzzlesat/technique"
)

// Kind is one kind of puzzle (the embedded kind.Kind) with the ways to
// solve, count, trace and encode its instances, each answer verified. It
// is safe for concurrent use.
type Kind struct {
	kind.Kind
}

// Kinds returns every kind, by name.
func Kinds() []Kind {
	var ks []Kind
	for _, k := range kind.All() {
		ks = append(ks, Kind{k})
	}
	return ks
}

// Lookup returns the kind with the given name, in any case. An unknown
// name is an error that suggests the nearest kind's name, if one is near,
// or lists them all.
func Lookup(name string) (Kind, error) {
	var names []string
	for _, k := range Kinds() {
		if strings.EqualFold(k.Name(), name) {
			return k, nil
		}
		names = append(names, k.Name())
	}
	if hint := suggest.DidYouMean(name, names, strconv.Quote); hint != "" {
		return Kind{}, fmt.Errorf("unknown puzzle kind %q: %s", name, hint)
	}
	return Kind{}, fmt.Errorf("unknown puzzle kind %q: want one of %s", name, strings.Join(names, ", "))
}

// Parse reads every instance of r, as Scan does.
func (k Kind) Parse(file string, r io.Reader, o kind.ScanOptions) ([]kind.Instance, error) {
	var ps []kind.Instance
	if err := k.Scan(file, r, o, func(p kind.Instance) error { ps = append(ps, p); return nil }); err != nil {
		return nil, err
	}
	return ps, nil
}

// Generate returns a random instance, reproducibly from rng, with the
// generator's parameters (kind.Generator) as v sets them; a value out of
// its range is an error, and so is a kind without a generator.
func (k Kind) Generate(rng *rand.Rand, v kind.GenValues) (kind.Instance, error) {
	g, ok := k.Kind.(kind.Generator)
	if !ok {
		return nil, fmt.Errorf("%s has no generator: %w", k.Name(), errors.ErrUnsupported)
	}
	v, err := v.Complete(g.GenParams())
	if err != nil {
		return nil, err
	}
	return g.Generate(rng, v)
}

// Check checks o's Prunings and Encoding against the kind's, and returns
// the notes of prunings switched off because they need one that o
// switches off. An unknown name is an error that lists the valid ones.
func (k Kind) Check(o Options) ([]string, error) {
	_, _, notes, err := k.techniques(o)
	return notes, err
}

// ParsePrunings checks spec, as Options.Prunings takes it, and returns it
// canonical, with a note for each pruning switched off by another.
func (k Kind) ParsePrunings(spec string) (string, []string, error) {
	set, notes, err := k.searches().Resolve(spec)
	if err != nil {
		return "", nil, fmt.Errorf("%s: %w", k.Name(), err)
	}
	return set.String(), notes, nil
}

// ParseEncoding checks spec, as Options.Encoding takes it, against the
// kind's choice points, and returns it in its canonical form.
func (k Kind) ParseEncoding(spec string) (string, error) {
	picks, err := technique.ResolveEncoding(k.Encodings(), spec)
	if err != nil {
		return "", fmt.Errorf("%s: %w", k.Name(), err)
	}
	return picks.String(), nil
}

// Presets returns the presets that Options.Prunings may start with:
// "all", "none", and "chapter" for the kinds with the chapter's search.
func (k Kind) Presets() []technique.Preset { return k.searches().Presets() }

// SearchOf returns the search that spec, as Options.Prunings takes it,
// selects.
func (k Kind) SearchOf(spec string) (kind.Search, error) {
	set, _, err := k.searches().Resolve(spec)
	if err != nil {
		return kind.Search{}, fmt.Errorf("%s: %w", k.Name(), err)
	}
	ss := k.Searches()
	if set.Chapter() && len(ss) > 1 {
		return ss[1], nil
	}
	return ss[0], nil
}

// searches returns the prunings of the kind's searches.
func (k Kind) searches() technique.Searches {
	ss := k.Searches()
	s := technique.Searches{Own: ss[0].Prunings}
	if len(ss) > 1 {
		s.Chapter = ss[1].Prunings
	}
	return s
}

// techniques resolves o's prunings and encoding.
func (k Kind) techniques(o Options) (technique.Set, technique.Picks, []string, error) {
	set, notes, err := k.searches().Resolve(o.Prunings)
	if err != nil {
		return set, technique.Picks{}, nil, fmt.Errorf("%s: %w", k.Name(), err)
	}
	picks, err := technique.ResolveEncoding(k.Encodings(), o.Encoding)
	if err != nil {
		return set, picks, nil, fmt.Errorf("%s: %w", k.Name(), err)
	}
	return set, picks, notes, nil
}

// resolve resolves o's prunings and encoding as techniques does, with
// the prunings of the search they select, once per o.Session for the
// same kind and switches: each instance of a batch asks again, and
// resolving took a 9x9 puzzle about 2,000 instructions and three
// allocations. The result is the session's own, read only, so that a
// solve does not copy it to the heap.
func (k Kind) resolve(o Options) (*resolution, error) {
	s := o.Session
	if s != nil && s.resolved.kind == k.Name() && s.resolved.prunings == o.Prunings && s.resolved.encoding == o.Encoding {
		return &s.resolved, nil
	}
	set, picks, _, err := k.techniques(o)
	if err != nil {
		return nil, err
	}
	r := &resolution{kind: k.Name(), prunings: o.Prunings, encoding: o.Encoding, set: set, picks: picks, search: k.prunings(set)}
	if s != nil {
		s.resolved = *r
		r = &s.resolved
	}
	return r, nil
}

// prunings returns the prunings of the search set selects.
func (k Kind) prunings(set technique.Set) []technique.Pruning { return k.searches().Of(set) }

// answer returns a, an answer to p, with its text and certificate.
func (k Kind) answer(p kind.Instance, a kind.Answer) Answer {
	ans := Answer{Value: a, Text: k.Format(p, a)}
	if c, ok := k.Kind.(kind.Certifier); ok {
		ans.Certificate = c.Certificate(p, a)
	}
	return ans
}

// Answer is an answer of some kind, as Solve returns it.
type Answer struct {
	Value       kind.Answer // of the kind's answer type, such as sudoku.Answer
	Text        string      // the judge's output for it, with its final newline
	Certificate string      // the witness of a kind.Certifier, in lines starting with "#"; else ""
}
