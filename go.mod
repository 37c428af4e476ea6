module puzzlesat

go 1.26.8

require (
	github.com/go-air/gini v1.0.4 // indirect
	github.com/stretchr/testify v1.12.1 // indirect
)
