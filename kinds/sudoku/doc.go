// Package sudoku is n²×n² sudoku from 4×4 to 400×400 (boxes of side 2 to
// MaxBox): 9×9 as POJ 2676 and 3074 ask it, 16×16 as POJ 3076, and any
// size beyond. It holds the instance and answer types, the parser and
// printer and Verify; package dfs and package sat below it solve and
// count.
//
// # Input
//
// Three layouts, detected per puzzle and mixable in one file: a grid (S
// lines of S characters, a blank line between puzzles: POJ 3076), a line
// (a puzzle of S² characters per line: top95, POJ 3074), and numeric (S
// lines of S numbers 1..S separated by blanks or tabs, 0 or '.' for a
// blank, any square S from 4 to 400).
//
// Alphabets: 4×4 1-4, 9×9 1-9, 16×16 A-P or 0-9A-F (decided by the blanks
// and givens; a puzzle with givens A-F only fits both, is read as A-P, and
// stderr says so once per file), 25×25 A-Y, 36×36 0-9A-Z; blanks '-', '.',
// and '0' where 0 is not a symbol. A line of 16 characters is a whole 4×4
// puzzle unless 15 more lines of 16 follow it (comments aside) or it holds
// a character other than 1-4 and the blanks: then it is the first row of
// a 16×16 grid. The option --alphabet sets the symbols in order
// (--alphabet=1234 reads every line of 16 as 4×4).
//
// # Output
//
// The grid filled, in its input's layout; --grid draws it with its boxes.
//
// # Example
//
//	$ echo '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......' | puzzlesat solve sudoku
//	417369825632158947958724316825437169791586432346912758289643571573291684164875293
package sudoku
