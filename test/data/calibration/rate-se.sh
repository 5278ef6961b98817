#!/bin/sh
# Rate 9×9 boards with Sudoku Explainer's serate and print the lines of se-9x9.txt:
#   <81 characters> <SE rating> <source>
# Input (a file or stdin): one board a line, "<81 characters> <source>". SE is a reference rater
# outside this repository, never a dependency: build it once (see test/data/README.md,
# "Calibration") and point SE_CLASSPATH at its classes. One JVM, one core; hard boards take
# 10–60 s each, so rate in the background. Boards SE cannot rate (0.0 or 20.0) are left out.
#   SE_CLASSPATH=/work/ref/se/out sh test/data/calibration/rate-se.sh boards.txt >> ratings.txt
set -eu
: "${SE_CLASSPATH:?set SE_CLASSPATH to the directory (or jar) holding diuf.sudoku.test.serate, as an absolute path}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat "${1:--}" > "$work/in"
cut -d' ' -f1 "$work/in" > "$work/boards"
# in the scratch folder: SE writes its settings file (Sudoku9Explainer.json) where it runs
(cd "$work" && java -Xrs -Xmx500m -XX:ActiveProcessorCount=1 -cp "$SE_CLASSPATH" diuf.sudoku.test.serate \
  --format='%n %r' --input=boards --output=out 2>/dev/null)
awk 'NR == FNR { if ($2 + 0 > 0 && $2 + 0 < 20) rating[$1] = $2; next }
     { k++; if (k in rating) print $1, rating[k], $2 }' "$work/out" "$work/in"
