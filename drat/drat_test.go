package drat_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/drat"
)

// php32 is PHP(3, 2); pigeon i in hole j is variable 2i+j+1.
var php32 = pigeonhole(2)

// forced is unsatisfiable: a∨b and a∨¬b force a (variable 1), and then
// the four clauses over c and d (3 and 4) fail. The lemma a is RUP, ¬a
// is neither RUP nor RAT; c is RUP once a is known.
var forced = [][]int{{1, 2}, {1, -2}, {-1, 3, 4}, {-1, 3, -4}, {-1, -3, 4}, {-1, -3, -4}}

// unitForced is forced with a given as a unit clause.
var unitForced = [][]int{{1}, {-1, 2, 3}, {-1, 2, -3}, {-1, -2, 3}, {-1, -2, -3}}

// The RAT proof of forced introduces a fresh variable x (5) by x∨¬a,
// which is RAT on x (no clause holds ¬x), then ¬x∨c, RAT on ¬x (its
// only candidate x∨¬a resolves to ¬a∨c, RUP), then a (RUP), and a
// propagates through both to the conflict: neither lemma is RUP, and the
// empty clause is not RUP without them.
const ratProof = "5 -1 0\n-5 3 0\n1 0\n0\n"

var handTests = []struct {
	name    string
	clauses [][]int
	proof   string
	verdict drat.Verdict
	reason  drat.Reason
	lemma   int // of the failure
}{
	{"php32", php32, "-1 0\n0\n", drat.Verified, drat.NoReason, 0},
	{"php32 needed lemma dropped", php32, "0\n", drat.NotVerified, drat.NotImplied, 1},
	{"php32 empty proof", php32, "", drat.NotVerified, drat.NoConflict, 0},
	{"php32 unused bad lemma", php32, "1 2 3 0\n-4 0\n-1 0\n0\n", drat.Verified, drat.NoReason, 0},
	{"forced", forced, "1 0\n3 0\n0\n", drat.Verified, drat.NoReason, 0},
	{"forced with comments", forced, "c first\n1 0\nc then\n3 0\n0\n", drat.Verified, drat.NoReason, 0},
	{"forced literal flipped", forced, "-1 0\n3 0\n0\n", drat.NotVerified, drat.NotImplied, 1},
	{"forced early deletion", forced, "d 1 2 0\n1 0\n3 0\n0\n", drat.NotVerified, drat.NotImplied, 1},
	{"forced deletion of another order", forced, "d 2 1 0\n1 0\n3 0\n0\n", drat.NotVerified, drat.NotImplied, 1},
	{"forced late deletion", forced, "1 0\nd 1 2 0\n3 0\n0\n", drat.Verified, drat.NoReason, 0},
	{"forced truncated after the conflict", forced, "1 0\n3 0\n", drat.Verified, drat.NoReason, 0},
	{"forced truncated before the conflict", forced, "1 0\n", drat.NotVerified, drat.NoConflict, 0},
	{"forced deletion of a missing clause", forced, "d 1 3 0\n1 0\n3 0\n0\n", drat.Verified, drat.NoReason, 0},
	{"forced repeated literals", forced, "1 1 0\n3 3 3 0\n0\n", drat.Verified, drat.NoReason, 0},
	{"forced tautology", forced, "1 -1 0\n1 0\n3 0\n0\n", drat.Verified, drat.NoReason, 0},
	{"forced empty clause too early", forced, "1 0\n0\n3 0\n", drat.NotVerified, drat.NotImplied, 2},
	{"forced rat", forced, ratProof, drat.Verified, drat.NoReason, 0},
	{"forced rat pivot moved", forced, "-1 5 0\n-5 3 0\n1 0\n0\n", drat.NotVerified, drat.NotImplied, 1},
	{"forced rat needed", forced, "-5 3 0\n1 0\n0\n", drat.NotVerified, drat.NotImplied, 3},
	// The deletion of the unit a is ignored, as drat-trim does: a stays,
	// and 2 is RUP with it.
	{"unit deletion ignored", unitForced, "d 1 0\n2 0\n0\n", drat.Verified, drat.NoReason, 0},
	{"satisfiable", [][]int{{1, 2}, {-1, 2}, {1, -2}}, "1 0\n2 0\n0\n", drat.NotVerified, drat.NotImplied, 3},
	{"satisfiable empty proof", [][]int{{1, 2}}, "", drat.NotVerified, drat.NoConflict, 0},
	{"refuted by propagation", [][]int{{1}, {-1, 2}, {-2}}, "", drat.Verified, drat.NoReason, 0},
	{"refuted by propagation, any proof", [][]int{{1}, {-1, 2}, {-2}}, "3 0\nd 1 0\n", drat.Verified, drat.NoReason, 0},
	{"empty clause in the formula", [][]int{{1, 2}, {}}, "", drat.Verified, drat.NoReason, 0},
	{"tautologies in the formula", [][]int{{1, -1}, {1}, {-1, 2, -2}, {-1}}, "", drat.Verified, drat.NoReason, 0},
	{"huge variable in a lemma", forced, "2147483647 -1 0\n1 0\n3 0\n0\n", drat.Verified, drat.NoReason, 0},
}

func TestHandProofs(t *testing.T) {
	for _, tc := range handTests {
		t.Run(tc.name, func(t *testing.T) {
			f := formula(t, tc.clauses)
			steps := parseSteps(t, tc.proof)
			for _, format := range []drat.Format{drat.Auto, drat.Text, drat.Binary} {
				proof := []byte(tc.proof)
				if format == drat.Binary {
					proof = binaryProof(steps)
				}
				var lrat bytes.Buffer
				res := check(t, f, proof, drat.Options{Format: format, LRAT: &lrat})
				require.Equal(t, tc.verdict, res.Verdict, "%v: %+v", format, res)
				require.Equal(t, tc.reason, res.Reason, "%v: %+v", format, res)
				if tc.lemma == 0 {
					require.Nil(t, res.Failed)
				} else {
					require.NotNil(t, res.Failed)
					require.Equal(t, tc.lemma, res.Failed.Lemma, "%v", res.Failed)
				}
				if res.Verdict == drat.Verified {
					require.NoError(t, checkLRAT(tc.clauses, lrat.String()), "LRAT:\n%s", lrat.String())
				} else {
					require.Empty(t, lrat.String(), "LRAT written for a proof not verified")
				}
			}
		})
	}
}

func TestRAT(t *testing.T) {
	f := formula(t, forced)
	var core, lrat bytes.Buffer
	res := check(t, f, []byte(ratProof), drat.Options{Core: &core, LRAT: &lrat})
	require.Equal(t, drat.Verified, res.Verdict)
	require.Equal(t, 2, res.RATChecks, "x∨¬a and ¬x∨c are not RUP: %+v", res.Stats)
	require.Equal(t, 3, res.CoreLemmas)
	require.NoError(t, checkLRAT(forced, lrat.String()), "%s", lrat.String())
	require.Contains(t, lrat.String(), " -7 ", "the RAT group of the candidate x∨¬a, clause 7")

	res = check(t, f, []byte("-1 5 0\n-5 3 0\n1 0\n0\n"), drat.Options{})
	require.Equal(t, drat.NotImplied, res.Reason)
	require.Equal(t, &drat.Failure{Lemma: 1, Line: 1, Clause: []cnf.Lit{cnf.FromDimacs(-1), cnf.FromDimacs(5)}}, res.Failed)
}

func TestFailurePosition(t *testing.T) {
	f := formula(t, forced)
	steps := parseSteps(t, "1 0\nd 1 2 0\n0\n3 0\n")
	res := check(t, f, textProof(steps), drat.Options{})
	require.Equal(t, &drat.Failure{Lemma: 2, Line: 3}, res.Failed)
	res = check(t, f, binaryProof(steps), drat.Options{})
	// 'a' 2 0, 'd' 2 4 0: the empty clause starts at byte 7.
	require.Equal(t, &drat.Failure{Lemma: 2, Offset: 7}, res.Failed)
}

func TestCore(t *testing.T) {
	// x∨y and ¬x∨y, ¬y are a core; the other clauses are not needed.
	f := formula(t, [][]int{{1, 2}, {3, 4}, {-1, 2}, {-3, 4}, {-2}, {5, 6}})
	var core bytes.Buffer
	res := check(t, f, []byte("2 0\n0\n"), drat.Options{Core: &core})
	require.Equal(t, drat.Verified, res.Verdict)
	require.Equal(t, "p cnf 6 3\n1 2 0\n-1 2 0\n-2 0\n", core.String())
	require.Equal(t, 3, res.CoreClauses)
}

var errorTests = []struct {
	name   string
	format drat.Format
	proof  string
	line   int
	offset int64
	msg    string
}{
	{"not a number", drat.Auto, "1 2 x 0\n", 1, 0, `expected a literal, got "x"`},
	{"number and letters", drat.Auto, "1\n2x3 0\n", 2, 0, `expected a literal, got "2x3"`},
	{"no closing 0", drat.Auto, "1 2 0\n3", 2, 0, "last clause has no closing 0"},
	{"no closing 0 over lines", drat.Auto, "1 2 0\n3\n4\n", 2, 0, "last clause has no closing 0"},
	{"beyond int32", drat.Auto, "1 -2147483648 0\n", 1, 0, "beyond variable 2147483647"},
	{"1000 digits", drat.Auto, "1 " + strings.Repeat("9", 1000) + " 0\n", 1, 0, `literal "9999999999999999999999999999999999999999"... beyond`},
	{"d alone", drat.Auto, "d", 1, 0, "deletion without a clause"},
	{"d without space", drat.Auto, "d1 0\n", 1, 0, "expected a space after d"},
	{"minus alone", drat.Auto, "1 - 0\n", 1, 0, `expected a literal, got "-"`},
	{"two minus", drat.Auto, "--1 0\n", 1, 0, `expected a literal, got "--1"`},
	{"binary lone a", drat.Auto, "a", 0, 0, "proof ends inside a clause"},
	{"binary unfinished", drat.Auto, "a\x02\x00a\x04", 0, 3, "proof ends inside a clause"},
	{"binary variable 0", drat.Auto, "a\x01\x00", 0, 1, "literal of variable 0"},
	{"binary huge varint", drat.Auto, "a\xff\xff\xff\xff\xff\x01\x00", 0, 1, "beyond variable"},
	{"binary beyond 32 bits", drat.Auto, "a\x02\xff\xff\xff\xff\x1f\x00", 0, 2, "beyond variable"},
	{"binary bad step", drat.Binary, "a\x02\x00x\x02\x00", 0, 3, "expected 'a' or 'd' to start a step, got byte 0x78"},
	{"binary forced on text", drat.Binary, "1 0\n", 0, 0, "got byte 0x31"},
}

func TestProofErrors(t *testing.T) {
	f := formula(t, forced)
	for _, tc := range errorTests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := drat.Check(context.Background(), f, strings.NewReader(tc.proof), drat.Options{Name: "p.drat", Format: tc.format})
			var pe *drat.ProofError
			require.ErrorAs(t, err, &pe)
			require.ErrorIs(t, err, drat.ErrSyntax)
			require.Equal(t, "p.drat", pe.File)
			require.Equal(t, tc.line, pe.Line, "%v", err)
			require.Equal(t, tc.offset, pe.Offset, "%v", err)
			require.Contains(t, err.Error(), tc.msg)
			require.NotContains(t, err.Error(), "\n")
		})
	}
}

// failingReader fails after its text.
type failingReader struct{ r *strings.Reader }

var errDisk = errors.New("disk on fire")

func (f failingReader) Read(p []byte) (int, error) {
	if f.r.Len() == 0 {
		return 0, errDisk
	}
	return f.r.Read(p)
}

func TestReadError(t *testing.T) {
	_, err := drat.Check(context.Background(), formula(t, forced), failingReader{strings.NewReader("1 0\n3")}, drat.Options{})
	var pe *drat.ProofError
	require.ErrorAs(t, err, &pe)
	require.ErrorIs(t, err, errDisk)
	require.Equal(t, 2, pe.Line)
}

func TestDetect(t *testing.T) {
	f := formula(t, forced)
	// Binary proofs that start with 'd' and bytes that text also has: the
	// NUL that ends each binary clause tells them apart. 'd' 10 0 deletes
	// the clause of variable 5, absent; then a and c (2 and 6).
	bin := []byte("d\x0a\x00d \x00a\x02\x00a\x06\x00a\x00")
	res := check(t, f, bin, drat.Options{})
	require.Equal(t, drat.Verified, res.Verdict, "%+v", res)
	require.Equal(t, 2, res.Deletions)
	res = check(t, f, []byte("d 1 7 0\n1 0\n3 0\n0\n"), drat.Options{})
	require.Equal(t, drat.Verified, res.Verdict, "%+v", res)
	require.Equal(t, 1, res.Deletions)
}

func TestRandomDPLL(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	unsat := 0
	for range 300 {
		nv := 5 + rng.Intn(8)
		clauses := random3CNF(rng, nv, int(float64(nv)*(3.5+3*rng.Float64())))
		f := formula(t, clauses)
		proof, refuted := dpllProof(nv, clauses)
		require.Equal(t, !satisfiable(nv, clauses), refuted)
		if !refuted {
			// A satisfiable formula: no proof verifies, the DPLL's partial
			// one with the empty clause added neither.
			proof = append(proof, step{})
			for _, p := range [][]byte{textProof(proof), binaryProof(proof)} {
				require.Equal(t, drat.NotVerified, check(t, f, p, drat.Options{}).Verdict)
			}
			continue
		}
		unsat++
		var lrat, core bytes.Buffer
		res := check(t, f, textProof(proof), drat.Options{LRAT: &lrat, Core: &core})
		require.Equal(t, drat.Verified, res.Verdict, "%v\n%s", clauses, textProof(proof))
		require.NoError(t, checkLRAT(clauses, lrat.String()), "%v\n%s\nLRAT:\n%s", clauses, textProof(proof), lrat.String())
		require.False(t, satisfiable(nv, coreClauses(t, core.String())), "a satisfiable core")
		require.Equal(t, res.Stats, check(t, f, binaryProof(proof), drat.Options{}).Stats)
	}
	require.Greater(t, unsat, 100)
}

// TestRandomExtended refutes random formulas by extended resolution:
// new variables x ≡ a∧b, defined by x∨¬a∨¬b (RAT on x) and ¬x∨a, ¬x∨b
// (RAT on ¬x), then a DPLL that branches on them first, so that the
// refutation leans on the RAT lemmas. Moving a definition's pivot off the
// first place must leave no unsound verdict.
func TestRandomExtended(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	rats, refuted := 0, 0
	for range 200 {
		nv := 6 + rng.Intn(6)
		clauses := random3CNF(rng, nv, nv*6)
		if satisfiable(nv, clauses) {
			continue
		}
		var defs []step
		var fresh []int
		all := append([][]int(nil), clauses...)
		for range 1 + rng.Intn(3) {
			x := nv + len(fresh) + 1
			a, b := rng.Intn(nv)+1, rng.Intn(nv)+1
			if a == b {
				continue
			}
			if rng.Intn(2) == 0 {
				a = -a
			}
			for _, c := range [][]int{{x, -a, -b}, {-x, a}, {-x, b}} {
				defs = append(defs, step{lits: c})
				all = append(all, c)
			}
			fresh = append(fresh, x)
		}
		if len(fresh) == 0 {
			continue
		}
		proof, ok := dpllOrder(nv+len(fresh), all, fresh)
		require.True(t, ok)
		proof = append(defs, proof...)
		f := formula(t, clauses)
		var lrat, core bytes.Buffer
		res := check(t, f, textProof(proof), drat.Options{LRAT: &lrat, Core: &core})
		require.Equal(t, drat.Verified, res.Verdict, "%v\n%s", clauses, textProof(proof))
		require.NoError(t, checkLRAT(clauses, lrat.String()), "%v\n%s", clauses, textProof(proof))
		require.False(t, satisfiable(nv, coreClauses(t, core.String())))
		rats += res.RATChecks

		// The pivot of a definition moved last.
		i := rng.Intn(len(defs))
		moved := append([]step(nil), proof...)
		moved[i].lits = append(append([]int(nil), defs[i].lits[1:]...), defs[i].lits[0])
		lrat.Reset()
		res = check(t, f, textProof(moved), drat.Options{LRAT: &lrat})
		if res.Verdict != drat.Verified {
			refuted++
			continue
		}
		require.NoError(t, checkLRAT(clauses, lrat.String()), "%v\n%s", clauses, textProof(moved))
	}
	require.Greater(t, rats, 50)
	t.Logf("%d RAT checks; %d proofs with a pivot moved refuted", rats, refuted)
}

// coreClauses reads the clauses of a DIMACS core.
func coreClauses(t *testing.T, text string) [][]int {
	f := dimacs(t, text)
	var cs [][]int
	for i := range f.NumClauses() {
		var c []int
		for _, l := range f.Clause(i) {
			c = append(c, l.Dimacs())
		}
		cs = append(cs, c)
	}
	return cs
}

// TestMutations breaks DPLL proofs: a lemma dropped, a literal flipped, a
// clause deleted early. Whatever the checker says, a verified proof must
// come with an LRAT refutation that the independent checker accepts and
// a core that brute force finds unsatisfiable; and many must be refuted.
func TestMutations(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	refuted, tries := 0, 0
	for tries < 600 {
		nv := 6 + rng.Intn(6)
		clauses := random3CNF(rng, nv, nv*6)
		proof, ok := dpllProof(nv, clauses)
		if !ok || len(proof) < 3 {
			continue
		}
		tries++
		mutated := append([]step(nil), proof...)
		i := rng.Intn(len(mutated))
		switch rng.Intn(3) {
		case 0:
			mutated = append(mutated[:i], mutated[i+1:]...)
		case 1:
			s := mutated[i]
			if len(s.lits) == 0 {
				continue
			}
			s.lits = append([]int(nil), s.lits...)
			s.lits[rng.Intn(len(s.lits))] *= -1
			mutated[i] = s
		case 2:
			c := clauses[rng.Intn(len(clauses))]
			mutated = append(mutated[:i:i], append([]step{{del: true, lits: c}}, mutated[i:]...)...)
		}
		f := formula(t, clauses)
		var lrat, core bytes.Buffer
		res := check(t, f, textProof(mutated), drat.Options{LRAT: &lrat, Core: &core})
		require.Equal(t, res.Verdict, check(t, f, binaryProof(mutated), drat.Options{}).Verdict)
		if res.Verdict != drat.Verified {
			refuted++
			continue
		}
		require.NoError(t, checkLRAT(clauses, lrat.String()), "%v\n%s", clauses, textProof(mutated))
		require.False(t, satisfiable(nv, coreClauses(t, core.String())))
	}
	require.Greater(t, refuted, 20, "of %d mutations", tries)
	t.Logf("%d of %d mutated proofs refuted", refuted, tries)
}

// TestRandomSatisfiable feeds random "proofs" to satisfiable formulas:
// none may verify.
func TestRandomSatisfiable(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for range 400 {
		nv := 4 + rng.Intn(7)
		clauses := random3CNF(rng, nv, nv*(2+rng.Intn(3)))
		if !satisfiable(nv, clauses) {
			continue
		}
		var proof []step
		for range rng.Intn(12) {
			var lits []int
			for range rng.Intn(4) {
				d := 1 + rng.Intn(nv+2)
				if rng.Intn(2) == 0 {
					d = -d
				}
				lits = append(lits, d)
			}
			proof = append(proof, step{del: rng.Intn(5) == 0, lits: lits})
		}
		proof = append(proof, step{})
		f := formula(t, clauses)
		res := check(t, f, textProof(proof), drat.Options{})
		require.Equal(t, drat.NotVerified, res.Verdict, "%v\n%s", clauses, textProof(proof))
	}
}

// countedCtx is a context whose Err reports Canceled from its nth call on.
type countedCtx struct {
	context.Context
	calls, n int
}

func (c *countedCtx) Err() error {
	if c.calls++; c.calls >= c.n {
		return context.Canceled
	}
	return nil
}

func TestContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := drat.Check(ctx, formula(t, php32), strings.NewReader("-1 0\n0\n"), drat.Options{})
	require.ErrorIs(t, err, context.Canceled)

	// A DPLL proof of PHP(6, 5), 100 times over, stopped at every look at
	// ctx in turn: parsing, the forward pass, the backward pass.
	cs := pigeonhole(5)
	proof, ok := dpllProof(30, cs)
	require.True(t, ok)
	text := bytes.Repeat(textProof(proof), 100)
	f := formula(t, cs)
	calls := 0
	for n := 1; ; n++ {
		c := &countedCtx{Context: context.Background(), n: n}
		res, err := drat.Check(c, f, bytes.NewReader(text), drat.Options{})
		if err == nil {
			require.Equal(t, drat.Verified, res.Verdict)
			calls = n
			break
		}
		require.ErrorIs(t, err, context.Canceled)
		require.Nil(t, res)
	}
	require.Greater(t, calls, 2, "ctx is looked at while parsing and checking")

	// A deadline stops a long parse before its end: 64 GB of lemmas,
	// made as they are read, is more than any machine parses in the
	// 10 ms, and the parse reads it only until it looks at ctx.
	long := &repeated{line: []byte("-1 -2 0\n"), left: 8 << 30}
	ctx, cancel = context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	_, err = drat.Check(ctx, f, long, drat.Options{})
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.Positive(t, long.left, "stopped before the end")
}

// repeated reads line left times.
type repeated struct {
	line []byte
	left int64
	off  int
}

func (r *repeated) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) && r.left > 0 {
		k := copy(p[n:], r.line[r.off:])
		n += k
		if r.off += k; r.off == len(r.line) {
			r.off = 0
			r.left--
		}
	}
	if n == 0 {
		return 0, io.EOF
	}
	return n, nil
}

// TestMaxBytes: a check whose state would take more than Options.MaxBytes
// fails before it starts with ErrTooLarge; within the bound, or without
// one, it checks as before.
func TestMaxBytes(t *testing.T) {
	f := formula(t, php32)
	const proof = "-1 0\n0\n"
	for _, tc := range []struct {
		max     int64
		tooHigh bool
	}{{0, false}, {1 << 20, false}, {100, true}, {1, true}} {
		res, err := drat.Check(context.Background(), f, strings.NewReader(proof), drat.Options{MaxBytes: tc.max})
		if tc.tooHigh {
			require.ErrorIs(t, err, drat.ErrTooLarge, "%d bytes", tc.max)
			require.ErrorContains(t, err, "over the 0 MB allowed")
			continue
		}
		require.NoError(t, err, "%d bytes", tc.max)
		require.NotNil(t, res)
	}
}
