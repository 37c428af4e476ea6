package technique_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/technique"
)

var prunings = []technique.Pruning{
	{Name: "order", Category: technique.Order, Doc: "longest first"},
	{Name: "memo", Category: technique.Memo, Doc: "refuted states"},
	{Name: "skip", Category: technique.Redundancy, Doc: "equal skip", Needs: []string{"order"}},
	{Name: "first", Category: technique.Redundancy, Doc: "first piece", Needs: []string{"skip"}},
	{Name: "look", Category: technique.Propagation, Doc: "look-ahead", Optional: true, Needs: []string{"memo"}},
}

func TestResolvePrunings(t *testing.T) {
	tests := []struct {
		spec    string
		off, on []string
		notes   int
		err     string
	}{
		{"", nil, nil, 0, ""},
		{"-memo", []string{"memo"}, nil, 0, ""},
		{" -memo , ", []string{"memo"}, nil, 0, ""},
		{"-order", []string{"order", "skip", "first"}, nil, 2, ""},
		{"-skip", []string{"skip", "first"}, nil, 1, ""},
		{"+look", nil, []string{"look"}, 0, ""},
		{"+look,-memo", nil, nil, 0, "look needs memo"},
		{"-look", nil, nil, 0, ""},
		{"-chess", nil, nil, 0, `unknown pruning "chess": want one of order, memo, skip, first, look`},
		{"-mmeo", nil, nil, 0, `unknown pruning "mmeo": did you mean "memo"?`},
		{"+lok", nil, nil, 0, `unknown pruning "lok": did you mean "look"?`},
		{"memo", nil, nil, 0, "want -NAME or +NAME"},
		{"-", nil, nil, 0, "want -NAME or +NAME"},
		{"-memo,-memo", []string{"memo"}, nil, 0, ""},
		{"-memo,+memo", nil, nil, 0, "pruning memo is switched both off (-memo) and on (+memo)"},
		{"+look,-look", nil, nil, 0, "both off"},
		{"-" + strings.Repeat("m", 100000), nil, nil, 0, `unknown pruning "` + strings.Repeat("m", 40) + `"...: want`},
	}
	for _, tc := range tests {
		t.Run(tc.spec, func(t *testing.T) {
			s, notes, err := technique.ResolvePrunings(prunings, tc.spec)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			require.Len(t, notes, tc.notes, "%v", notes)
			list := func() []technique.Pruning { t.Fatal("the resolved set read the list"); return nil }
			bits := s.Bits(list)
			for i, p := range prunings {
				want := !contains(tc.off, p.Name)
				if p.Optional {
					want = contains(tc.on, p.Name)
				}
				require.Equal(t, want, bits.Has(i), "bit %d, %s", i, p.Name)
			}
			again, _, err := technique.ResolvePrunings(prunings, s.String())
			require.NoError(t, err)
			require.Equal(t, s, again, "String round trip")
		})
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

var choices = []technique.Choice{
	{Point: "amo", Options: []string{"bimander", "pairwise", "sequential"}, Doc: "at-most-one"},
	{Point: "product", Options: []string{"table", "circuit"}, Doc: "A*B=C"},
	{Point: "cards", Options: []string{"mdd", "pairwise"}, Doc: "cardinality"},
}

func TestResolveEncoding(t *testing.T) {
	tests := []struct {
		spec, want, product string
		err                 string
	}{
		{"", "", "table", ""},
		{"amo=pairwise", "amo=pairwise", "table", ""},
		{"amo=bimander", "", "table", ""},
		{"circuit", "product=circuit", "circuit", ""},
		{"product=circuit,amo=sequential", "amo=sequential,product=circuit", "circuit", ""},
		{"pairwise", "", "", `encoding "pairwise": want POINT=OPTION`},
		{"amo=chess", "", "", "want amo one of bimander, pairwise, sequential"},
		{"colour=red", "", "", `unknown encoding choice "colour": want one of amo, product, cards`},
		{"prodcut=circuit", "", "", `unknown encoding choice "prodcut": did you mean "product"?`},
		{"amo=pairwse", "", "", `encoding "amo=pairwse": did you mean "amo=pairwise"?`},
		{"circut", "", "", `encoding "circut": did you mean "circuit"?`},
		{"amo=pairwise,amo=pairwise", "amo=pairwise", "table", ""},
		{"amo=pairwise,amo=sequential", "", "", "encoding amo is given two options, amo=pairwise and amo=sequential"},
		{"amo=bimander,amo=pairwise", "", "", "two options"},
		{"pairwise", "", "", "or an OPTION that belongs to one point only"},
		{strings.Repeat("x", 100000), "", "", `encoding "` + strings.Repeat("x", 40) + `"...: want`},
	}
	for _, tc := range tests {
		t.Run(tc.spec, func(t *testing.T) {
			p, err := technique.ResolveEncoding(choices, tc.spec)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, p.String())
			require.Equal(t, tc.product, p.Get(choices, "product"))
			again, err := technique.ResolveEncoding(choices, p.String())
			require.NoError(t, err)
			require.Equal(t, p, again, "String round trip")
		})
	}
	var zero technique.Picks
	require.Equal(t, "bimander", zero.Get(choices, "amo"))
	require.Equal(t, "", zero.Get(choices, "nowhere"))
}

// TestFormulaString leaves the Search points out of the picks' text.
func TestFormulaString(t *testing.T) {
	cs := []technique.Choice{
		{Point: "amo", Options: []string{"pairwise", "binary"}},
		{Point: "search", Options: []string{"down", "up"}, Search: true},
		{Point: "sum", Options: []string{"adder", "mdd"}},
	}
	for _, tc := range []struct{ spec, want string }{
		{"", ""},
		{"search=up", ""},
		{"search=up,sum=mdd", "sum=mdd"},
		{"sum=mdd,amo=binary,search=up", "amo=binary,sum=mdd"},
	} {
		p, err := technique.ResolveEncoding(cs, tc.spec)
		require.NoError(t, err, tc.spec)
		require.Equal(t, tc.want, p.FormulaString(cs), tc.spec)
	}
}

// TestZeroSetBits: the zero Set, which was resolved against no list,
// reads the defaults from the list it is given.
func TestZeroSetBits(t *testing.T) {
	require.Equal(t, technique.Bits(0b01111), technique.Set{}.Bits(func() []technique.Pruning { return prunings }))
}
