package drat

import (
	"bufio"
	"io"
	"strconv"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// writeCore writes the formula's clauses that the refutation marked, in
// the formula's order, as DIMACS over the formula's variables.
func (s *checker) writeCore(w io.Writer, f *cnf.CNF) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	buf := []byte("p cnf ")
	buf = strconv.AppendInt(buf, int64(f.NumVars()), 10)
	buf = append(buf, ' ')
	buf = strconv.AppendInt(buf, int64(s.stats.CoreClauses), 10)
	bw.Write(append(buf, '\n'))
	for c := range s.nOrig {
		if s.flags[c]&fMarked == 0 {
			continue
		}
		buf = buf[:0]
		for _, l := range f.Clause(c) {
			buf = strconv.AppendInt(buf, int64(l.Dimacs()), 10)
			buf = append(buf, ' ')
		}
		bw.Write(append(buf, '0', '\n'))
	}
	return bw.Flush()
}

// writeLRAT writes the refutation in LRAT, in the proof's order: the
// checked lemmas with their hints, the deletions of clauses that LRAT
// holds (the formula's, checked lemmas; the formula's tautologies at
// the start), and the empty clause with the hints of the final conflict.
// Clause i of the formula is numbered i+1, lemma j (1-based) n+j for a
// formula of n clauses.
func (s *checker) writeLRAT(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	last := int64(s.nOrig)
	var del []uint32
	buf := make([]byte, 0, 256)
	flush := func() {
		if len(del) == 0 {
			return
		}
		buf = strconv.AppendInt(buf[:0], last, 10)
		buf = append(buf, " d"...)
		for _, c := range del {
			buf = append(buf, ' ')
			buf = strconv.AppendInt(buf, int64(c)+1, 10)
		}
		bw.Write(append(buf, " 0\n"...))
		del = del[:0]
	}
	for c := range s.nOrig {
		if s.flags[c]&fTaut != 0 {
			del = append(del, uint32(c))
		}
	}
	for i := 0; i <= s.conflictAt; i++ {
		st := s.proof[i]
		c := uint32(st & stepClause)
		switch {
		case st&stepIgnored != 0:
		case st&stepDelete != 0:
			if int(c) < s.nOrig || s.flags[c]&fChecked != 0 {
				del = append(del, c)
			}
		case s.flags[c]&fChecked != 0:
			flush()
			last = int64(c) + 1
			buf = s.appendLemma(buf[:0], c)
			bw.Write(buf)
		}
	}
	flush()
	// A verified proof never ends in its own empty lemma: the clauses
	// before it propagate to no conflict, so it cannot be RUP.
	buf = strconv.AppendInt(buf[:0], int64(len(s.start))+1, 10)
	buf = append(buf, " 0"...)
	buf = appendHints(buf, s.final)
	bw.Write(append(buf, " 0\n"...))
	return bw.Flush()
}

// appendLemma appends the LRAT line of checked lemma c.
func (s *checker) appendLemma(buf []byte, c uint32) []byte {
	buf = strconv.AppendInt(buf, int64(c)+1, 10)
	for _, l := range s.lemma(c) {
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(s.vars.external(l).Dimacs()), 10)
	}
	buf = append(buf, " 0"...)
	i := int(c) - s.nOrig
	if at := s.hintAt[i]; at > 0 {
		buf = appendHints(buf, s.hints[at-1:s.hintEnd[i]])
	}
	return append(buf, " 0\n"...)
}

func appendHints(buf []byte, hints []int32) []byte {
	for _, h := range hints {
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(h), 10)
	}
	return buf
}
