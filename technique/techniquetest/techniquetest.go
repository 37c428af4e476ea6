// Package techniquetest makes random switch lists for the tests that run
// a search or an encoding with some of its techniques changed, and reads
// a search's cut counts by name.
package techniquetest

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
)

// SomeSwitches returns a random spec of prunings of ps: each pruning on
// by default switched off, and each optional one on, with probability
// one half.
func SomeSwitches(rng *rand.Rand, ps []technique.Pruning) string {
	var items []string
	for _, p := range ps {
		if rng.IntN(2) == 0 {
			continue
		}
		if p.Optional {
			items = append(items, "+"+p.Name)
		} else {
			items = append(items, "-"+p.Name)
		}
	}
	return strings.Join(items, ",")
}

// SomeOff returns a random spec that switches off each pruning of ps on
// by default with probability one third.
func SomeOff(rng *rand.Rand, ps []technique.Pruning) string {
	var off []string
	for _, p := range ps {
		if !p.Optional && rng.IntN(3) == 0 {
			off = append(off, "-"+p.Name)
		}
	}
	return strings.Join(off, ",")
}

// SomePicks returns a random spec of the choice points cs: an option of
// each, drawn uniformly.
func SomePicks(rng *rand.Rand, cs []technique.Choice) string {
	var items []string
	for _, c := range cs {
		items = append(items, c.Point+"="+c.Options[rng.IntN(len(c.Options))])
	}
	return strings.Join(items, ",")
}

// Resolve returns the Set that spec makes of ps, failing t when spec is
// not valid.
func Resolve(t testing.TB, ps []technique.Pruning, spec string) technique.Set {
	t.Helper()
	set, _, err := technique.ResolvePrunings(ps, spec)
	require.NoError(t, err, spec)
	return set
}

// Cuts returns the counts of st that are not 0, by the names of ps.
func Cuts(ps []technique.Pruning, st search.Stats) map[string]int64 {
	m := map[string]int64{}
	for i, n := range st.Cuts {
		if n != 0 {
			m[ps[i].Name] = n
		}
	}
	return m
}
