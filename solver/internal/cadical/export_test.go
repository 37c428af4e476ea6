//go:build cadical

package cadical

// RandomClause is randomClause for the external tests (memory_test.go),
// which import the sudoku encoder, whose solver imports this package.
var RandomClause = randomClause

// Flush is flush for the external tests.
func (s *Solver) Flush() { s.flush() }
