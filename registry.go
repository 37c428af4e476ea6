package puzzlesat

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/internal/suggest"
)

// registry holds every kind. The kinds register themselves, each from
// its own file's init, as image/png registers its format with
// image.RegisterFormat: adding a kind is adding its files, and the
// command, its help and compare know it from Kinds. Only the init
// functions write it, one at a time, before main.
var registry []Puzzle

// register adds a kind to the registry; a second kind of the same name,
// ignoring case, is a bug.
func register(k Puzzle) {
	for _, r := range registry {
		if strings.EqualFold(r.Name(), k.Name()) {
			panic(fmt.Sprintf("puzzlesat: kind %q registered twice", k.Name()))
		}
	}
	registry = append(registry, k)
}

// Kinds returns every kind, by name.
func Kinds() []Puzzle {
	ks := slices.Clone(registry)
	slices.SortFunc(ks, func(a, b Puzzle) int { return cmp.Compare(a.Name(), b.Name()) })
	return ks
}

// Lookup returns the kind with the given name, ignoring case. An unknown
// name is an error that suggests the nearest kind's name, if one is near,
// or lists them all.
func Lookup(name string) (Puzzle, error) {
	var names []string
	for _, k := range Kinds() {
		if strings.EqualFold(k.Name(), name) {
			return k, nil
		}
		names = append(names, k.Name())
	}
	if hint := suggest.DidYouMean(name, names, strconv.Quote); hint != "" {
		return nil, fmt.Errorf("unknown puzzle kind %q: %s", name, hint)
	}
	return nil, fmt.Errorf("unknown puzzle kind %q: want one of %s", name, strings.Join(names, ", "))
}

// GenParam is one parameter of a kind's generator of random instances:
// an integer in Min..Max.
type GenParam struct {
	Name    string // kebab-case, such as "blanks"; the command's --blanks
	Doc     string // what it sets, in a line
	Default int
	Min     int
	Max     int
}

// GenValues are the values of a generator's parameters, by name; a
// parameter missing from it takes its default.
type GenValues map[string]int

// complete returns v with the defaults of ps filled in, each value
// checked against its range; a name that is not a parameter is an
// error.
func (v GenValues) complete(ps []GenParam) (GenValues, error) {
	out := GenValues{}
	for name := range v {
		if !slices.ContainsFunc(ps, func(p GenParam) bool { return p.Name == name }) {
			return nil, fmt.Errorf("no generator parameter %q", name)
		}
	}
	for _, p := range ps {
		x, ok := v[p.Name]
		if !ok {
			x = p.Default
		}
		if x < p.Min || x > p.Max {
			return nil, fmt.Errorf("%s must be in %d..%d, got %d", p.Name, p.Min, p.Max, x)
		}
		out[p.Name] = x
	}
	return out, nil
}

// generator makes random instances of type I from the values of its
// parameters, every one present and in its range.
type generator[I any] struct {
	params  []GenParam
	make    func(rng *rand.Rand, v GenValues) (I, error)
	trailer string // printed after the instances, as the judge format ends
}
