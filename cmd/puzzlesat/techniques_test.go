package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSearchPointsKeepTheFormula encodes with each choice point that
// chooses how a formula is solved (Choice.Search) picked away from its
// default: the DIMACS is byte for byte the default's, and a model of the
// default's formula decodes with the pick given.
func TestSearchPointsKeepTheFormula(t *testing.T) {
	cake := writeTemp(t, "cake.in", "9 2\n")
	cats := "../../kinds/cats/testdata/sample.in"
	crypt := "../../kinds/cryptarithm/testdata/sample.in"
	tests := []struct {
		kind, in, pick string
		args           []string
	}{
		{"cake", cake, "search=bounds", []string{"--area=27"}},
		{"cake", cake, "search=tighten,first=sat,cube-check=unit", []string{"--area=27"}},
		{"cake", cake, "first=sat", nil}, // the optimum, found with the pick
		{"cats", cats, "direction=up", []string{"--cars=2"}},
		{"cats", cats, "direction=up", nil},
		{"cryptarithm", crypt, "search=cdcl", nil},
	}
	for _, tc := range tests {
		t.Run(tc.kind+"/"+tc.pick, func(t *testing.T) {
			args := append(append([]string{"encode", tc.kind}, tc.args...), tc.in)
			def, errs, code := cli(t, "", args...)
			require.Equal(t, exitOK, code, errs)
			picked, errs, code := cli(t, "", append(args, "--encoding="+tc.pick)...)
			require.Equal(t, exitOK, code, errs)
			require.Equal(t, def, picked, "the pick changed the DIMACS")
			model, _, code := cli(t, def, "sat", "-")
			require.Equal(t, exitSat, code)
			m := writeTemp(t, "model", model)
			want, errs, code := cli(t, "", append(append([]string{"decode", tc.kind, "--model", m}, tc.args...), tc.in)...)
			require.Equal(t, exitOK, code, errs)
			got, errs, code := cli(t, "", append(append([]string{"decode", tc.kind, "--model", m, "--encoding=" + tc.pick}, tc.args...), tc.in)...)
			require.Equal(t, exitOK, code, errs)
			require.Equal(t, want, got)
		})
	}
}

// TestListingsFit: the prunings and encodings of every kind list within
// 100 columns, each with its description, and the prunings with the
// legend of their categories.
func TestListingsFit(t *testing.T) {
	for _, name := range kindNames() {
		for _, list := range []string{"prunings", "encodings"} {
			out, errs, code := cli(t, "", list, name)
			require.Equal(t, exitOK, code, errs)
			for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
				require.LessOrEqual(t, len(line), listingWidth, "%s %s: %q", list, name, line)
			}
			if list == "prunings" {
				require.Contains(t, out, "\ncategories:\n")
				require.Contains(t, out, ": the chapter's")
				words := strings.Join(strings.Fields(out), " ")
				ps := prunings(t, name)
				searches := map[string]bool{}
				for _, p := range ps {
					searches[p.Search] = true
				}
				// A line per pruning, and the heading of each search's table.
				require.Equal(t, len(ps)+len(searches), strings.Count(words, ". One count: "), "%s: what one count is, per pruning", name)
			}
		}
	}
}

// prunings returns the kind's prunings as prunings --json lists them,
// each with what one count is.
func prunings(t *testing.T, kind string) []struct{ Name, Search, Counts string } {
	t.Helper()
	out, errs, code := cli(t, "", "prunings", kind, "--json")
	require.Equal(t, exitOK, code, errs)
	var ps []struct{ Name, Search, Counts string }
	require.NoError(t, json.Unmarshal([]byte(out), &ps))
	for _, p := range ps {
		require.NotEmpty(t, p.Counts, "%s %s", kind, p.Name)
	}
	return ps
}
