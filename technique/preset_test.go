package technique_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/technique"
)

// chapterCuts is a chapter's search with numbered cuts, one of them
// named by a number that the own search's list uses too.
var chapterCuts = []technique.Pruning{
	{Name: "divisors", Category: technique.Feasibility, Chapter: "1"},
	{Name: "first", Category: technique.Redundancy, Chapter: "3.3"},
	{Name: "last", Category: technique.Redundancy, Chapter: "3.4", Needs: []string{"first"}},
}

func TestResolvePresets(t *testing.T) {
	ss := technique.Searches{Own: prunings, Chapter: chapterCuts}
	tests := []struct {
		spec    string
		chapter bool
		active  []string // the prunings on, of the search selected
		notes   int
		err     string
	}{
		{"", false, []string{"order", "memo", "skip", "first"}, 0, ""},
		{"all", false, []string{"order", "memo", "skip", "first", "look"}, 0, ""},
		{"all,-look", false, []string{"order", "memo", "skip", "first"}, 0, ""},
		{"none", false, nil, 0, ""},
		{"none,+memo,+look", false, []string{"memo", "look"}, 0, ""},
		{"none,+skip", false, nil, 0, "pruning skip needs order, which is off"},
		{"all,-order", false, []string{"memo", "look"}, 2, ""},
		{"chapter", true, []string{"divisors", "first", "last"}, 0, ""},
		{"chapter,-3.3", true, []string{"divisors"}, 1, ""},
		{"chapter,-last,-1", true, []string{"first"}, 0, ""},
		{" chapter , -3.4 ", true, []string{"divisors", "first"}, 0, ""},
		{"chapter,-memo", false, nil, 0, `unknown pruning "memo": want one of divisors, first, last (or its number in the chapter: 1, 3.3, 3.4)`},
		{"chapter,-3.3,+3.3", false, nil, 0, "pruning first is switched both off (-first) and on (+first)"},
		{"-memo,chapter", false, nil, 0, `preset "chapter" must come first`},
		{"chapter,none", false, nil, 0, `preset "none" must come first`},
	}
	for _, tc := range tests {
		t.Run(tc.spec, func(t *testing.T) {
			s, notes, err := ss.Resolve(tc.spec)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			require.Len(t, notes, tc.notes, "%v", notes)
			require.Equal(t, tc.chapter, s.Chapter())
			bits := s.Bits(func() []technique.Pruning { t.Fatal("the resolved set read the list"); return nil })
			var active []string
			for i, p := range ss.Of(s) {
				if bits.Has(i) {
					active = append(active, p.Name)
				}
			}
			require.Equal(t, tc.active, active)
			again, _, err := ss.Resolve(s.String())
			require.NoError(t, err, s.String())
			require.Equal(t, s, again, "String round trip: %q", s.String())
		})
	}
}

func TestPresetsOfSearches(t *testing.T) {
	names := func(ps []technique.Preset) (out []string) {
		for _, p := range ps {
			require.NotEmpty(t, p.Doc, p.Name)
			out = append(out, p.Name)
		}
		return out
	}
	require.Equal(t, []string{technique.All, technique.None, technique.Chapter},
		names(technique.Searches{Own: prunings, Chapter: chapterCuts}.Presets()))
	own := technique.Searches{Own: prunings}
	require.Equal(t, []string{technique.All, technique.None}, names(own.Presets()))
	_, _, err := own.Resolve("chapter")
	require.ErrorContains(t, err, "the chapter has no program for this kind; want all or none")
}

// TestNumberedCutsAreOneEach: a number that two prunings carry names
// neither.
func TestNumberedCutsAreOneEach(t *testing.T) {
	ps := []technique.Pruning{{Name: "a", Chapter: "2"}, {Name: "b", Chapter: "2"}, {Name: "c", Chapter: "named"}}
	_, _, err := technique.ResolvePrunings(ps, "-2")
	require.ErrorContains(t, err, `unknown pruning "2": want one of a, b, c`)
	_, _, err = technique.ResolvePrunings(ps, "-named")
	require.ErrorContains(t, err, `unknown pruning "named"`)
}
