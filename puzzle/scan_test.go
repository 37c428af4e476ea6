package puzzle

import (
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// TestRuneCount: the ASCII fast path counts what utf8 counts, wherever
// the first non-ASCII character stands.
func TestRuneCount(t *testing.T) {
	for n := range 40 {
		ascii := strings.Repeat("1", n)
		require.Equal(t, n, RuneCount(ascii))
		for at := 0; at <= n; at++ {
			s := ascii[:at] + "é" + ascii[at:] + "\xff"
			require.Equal(t, utf8.RuneCountInString(s), RuneCount(s), "%q", s)
		}
	}
}

// TestLinesAgree: lines read in blocks give the lines that a split of
// the whole text at LF, CR LF and lone CR gives, with trailing blanks
// dropped, however the reader cuts the text: a CR LF whose LF comes in
// the next reading, lines longer than a block, a last line without its
// end, and a byte order mark.
func TestLinesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for round := range 300 {
		b := make([]byte, rng.IntN(3*blockSize))
		if round%3 == 0 {
			b = b[:rng.IntN(40)]
		}
		for i := range b {
			b[i] = "ab \t\r\n"[rng.IntN(6)]
			if i%20000 == 7 && round%2 == 0 { // long runs without a line end
				for ; i < len(b) && i%20000 < 19000; i++ {
					b[i] = 'x'
				}
			}
		}
		text := string(b)
		if round%5 == 0 {
			text = bom + text
		}
		var want []string
		for rest := strings.TrimPrefix(text, bom); rest != ""; {
			i := strings.IndexAny(rest, "\r\n")
			if i < 0 {
				want = append(want, TrimBlanks(rest))
				break
			}
			want = append(want, TrimBlanks(rest[:i]))
			if strings.HasPrefix(rest[i:], "\r\n") {
				i++
			}
			rest = rest[i+1:]
		}
		l := NewLines("in", &choppy{s: text, rng: rng})
		var got []string
		for {
			s, ok := l.Shared()
			if !ok {
				break
			}
			got = append(got, s)
		}
		require.NoError(t, l.Err())
		require.Equal(t, len(want), len(got), "round %d", round)
		require.Equal(t, want, got, "round %d", round)
		require.Equal(t, len(want), l.Line)
	}
}

// choppy reads s in pieces of random sizes, now and then none.
type choppy struct {
	s   string
	rng *rand.Rand
}

func (c *choppy) Read(p []byte) (int, error) {
	if c.s == "" {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), c.rng.IntN(3)*c.rng.IntN(2*blockSize))], c.s)
	c.s = c.s[n:]
	return n, nil
}
