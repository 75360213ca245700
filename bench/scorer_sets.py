"""The scorer's labelled sets: agreement per set, the quote audit, and the candidates' order in the scorecard.

Sets (tests/data): devset.jsonl (the public distributed-training pack, read with our pack's vocabulary),
ours_dev.jsonl (our pack, for tuning), ours_heldout.jsonl (our pack, written before any tuning; reported, then
used to look at missed markers), ours_heldout2.jsonl (written after that, never tuned on), candidates.jsonl (whole
candidates of known level, each answering several questions). ours_heldout3.jsonl and candidates2.jsonl were written
blind, by a writer who read only the pack (never the scorer, its vocabulary or the other sets); their first
figures (heldout3 exact .812, candidates2 answers .583) were taken before any change made after reading them. Their
mismatches have been read since, so today's figures on them are no longer blind. ours_heldout4.jsonl and
candidates3.jsonl were written the same way later; first figures, before any change made after reading them:
heldout4 exact .688, within one .958, Spearman .818, danger recall .643; candidates3 answers exact .667, within
one 1.000, Spearman .879, the two level-4 candidates tied with the level-3 ones (order not kept). Their mismatches
have been read since too. ours_heldout5.jsonl (64 answers) and candidates4.jsonl (8 candidates) came a stop later,
written the same way; first figures, before any change made after reading them: heldout5 exact .625, within one
.891, Spearman .716, danger recall .571; candidates4 answers exact .542, within one .979, Spearman .765, order not
kept (4 pairs out of order: the level-4 candidates at 3.0, level 1 en at 1.67). Their mismatches were read the same
stop. ours_heldout6.jsonl (48 answers) and candidates5.jsonl (6 candidates) were written blind after that stop's
changes; first figures, before reading them: heldout6 exact .646, within one .979, Spearman .852, danger recall
.769 (the scorer as it was before the stop's changes: .604, .979, .832, .769); candidates5 answers exact .694,
within one 1.000, Spearman .818, order not kept (the level-4 g4en at 3.0, tied with the level-3 candidates). Read
since. Last, ours_heldout7.jsonl (48) and candidates6.jsonl (6 candidates), written blind at the end of that stop and
not tuned on: heldout7 exact .688, within one 1.000, Spearman .914, danger recall .786 (the scorer before the stop:
.604, .979, .854); candidates6 answers exact .750, within one .972, Spearman .847 (before: .722, .972, .824), order
not kept (the level-1 h1en at 2.5, level with the level-3 h3en). Read and tuned on the next stop, when
ours_heldout8.jsonl (48) and candidates7.jsonl (6 candidates) were written blind at its start and first measured
mid-stop, after its first changes: heldout8 exact .729, within one .979, Spearman .897, danger recall .824 (the
scorer at the start of that stop: .688, .979, .891); candidates7 answers exact .639, within one .972, Spearman .733
(start: .611, .972, .715), order not kept (the level-4 c4en at 3.0, level with the level-3 candidates). Read since.
ours_heldout9.jsonl (48) and candidates8.jsonl (6 candidates) were written blind mid-way through that stop and first
measured at its end, after all its changes: heldout9 exact .688, within one .958, Spearman .859, danger recall .824
(the scorer at the start of that stop: .583, .938, .830, .647); candidates8 answers exact .667, within one .972,
Spearman .779 (start: the same), order not kept (the level-2 k2en at 2.67 above the level-3 k3zh at 2.5; the
level-4 k4en at 3.0, level with k3en). Read the next stop, when ours_heldout10.jsonl (48) and candidates9.jsonl (6
candidates) were written blind at its start and first measured after its first six changes (0e66961): heldout10
exact .625, within one .958, Spearman .880, danger recall .778 (the scorer at the start of that stop, bf4a076: the
same); candidates9 answers exact .750, within one .944, Spearman .857 (start: .722, .944, .856), order not kept (the
level-2 cand_l2_zh at 3.0, level with both level-3 candidates). Read that stop; ours_heldout11.jsonl (48) and
candidates10.jsonl (6 candidates) were written blind mid-way through it, with the hard cases asked for (confident
wrong figures, hollow gains, terse experts), and first measured after its first twenty changes (f487b30):
heldout11 exact .667, within one .875, Spearman .744, danger recall .545 (start of the stop, bf4a076: .646, .875,
.744, .545); candidates10 answers exact .639, within one .944, Spearman .802 (start: .639, .972, .836), order kept.
Read that stop. ours_heldout12.jsonl (48) and candidates11.jsonl (6 candidates, levels 1,2,3,3,4,4) were written blind
late in it, in the natural spread of how candidates talk, and first measured after all its changes (a6a0da2):
heldout12 exact .750, within one .958, Spearman .882, danger recall .889 (start, bf4a076: .667, .917, .780, .667);
candidates11 answers exact .500, within one .944, Spearman .611 (start: the same), order not kept (3 pairs: the
level-4 c11_e at 3.0 and c11_f at 3.33, level with or below the level-3 candidates). heldout12 was kept unread the
next stop; candidates11 was read. ours_heldout13.jsonl (48) and candidates12.jsonl (6 candidates, levels 1,2,3,3,4,4)
were written blind at the start of that stop, in the natural spread again, and first measured after its first change
(ef59c33; the stop's start, dcda7d1, reads the same): heldout13 exact .708, within one .938, Spearman .857, danger
recall .625; candidates12 answers exact .583, within one 1.000, Spearman .817, order not kept (5 pairs: both level-4
candidates at 3.0, level with the level-3 ones; the level-1 c12_a at 2.0, level with the level-2 c12_b). Read that
stop. ours_heldout14.jsonl (48) and candidates13.jsonl (6 candidates, levels 1,2,3,3,4,4) were written blind late in
it, asked to vary the spread (rambling but right, confidently wrong on one key number, textbook claimed as one's own),
and first measured after its changes (bd480bf): heldout14 exact .646, within one .896, Spearman .762, danger recall
.600 (the stop's start, dcda7d1: .646, .875, .743, .533); candidates13 answers exact .611, within one .917, Spearman
.677 (start: the same), order not kept (3 pairs: the level-1 c13_a at 2.5 above the level-2 c13_b at 2.33 and level
with the level-3 c13_c; the level-4 c13_f at 3.0). ours_heldout15.jsonl (48) and candidates14.jsonl (6 candidates,
levels 1,2,3,3,4,4) were written blind at the start of the next stop, in the natural spread with wrong figures,
hedged halves and terse experts among it, and first measured at that stop's start (d0c4822): heldout15 exact .667,
within one .958, Spearman .845, danger recall .824; candidates14 answers exact .667, within one .917, Spearman .748,
order not kept (1 pair: the level-1 c14_b at 2.5, level with the level-2 c14_d). ours_heldout16.jsonl (48) and
candidates15.jsonl (6 candidates, levels 1,2,3,3,4,4) were written blind at the start of the stop after, in the
natural spread with self-corrections, the question's own numbers said back and right terms in the wrong causal order
among it, and first measured at that stop's start (0f4fa15): heldout16 exact .562, within one 1.000, Spearman .880,
danger recall .765; candidates15 answers exact .611, within one .972, Spearman .763, order kept (candidate means 1.67,
2.67, 3.0, 3.0, 3.33, 3.67). heldout16 was read mid-way through that stop, once ours_heldout17.jsonl (48) and
candidates16.jsonl (6 candidates, levels 1,2,3,3,4,4) had been written blind to the same brief (weak answers that sound
fluent, many right terms explaining nothing, plain correct answers with no story added); their first figures, taken
before any answer of them was read, are the same at the stop's start (0f4fa15) and after its first nine changes
(64d1ae8): heldout17 exact .688, within one .958, Spearman .852, danger recall .933; candidates16 answers exact .528,
within one .972, Spearman .725, order not kept (3 pairs: the level-1 candidate at 2.0, level with the level-2 one; a
level-3 candidate at 4.0, above a level-4 one at 3.67 and level with the other). candidates16 and then heldout17 were read in
the next stop; ours_heldout18.jsonl (48) and candidates17.jsonl (6 candidates, levels 1,2,3,3,4,4) were written blind
then, to a brief of answers right but told out of order, terse experts, the pack's words with no mechanism, one key
number confidently wrong, honest partial answers, stories with no safeguard after them, the question's own numbers
said back, lists of techniques and answers to a neighbouring question; their first figures, taken before any answer of
them was read, are the same at that stop's start (e370946) and after its first changes: heldout18 exact .667, within
one .958, Spearman .826, danger recall 1.000; candidates17 answers exact .667, within one 1.000, Spearman .831, order
kept (candidate means 1.33, 2.67, 3.5, 3.5, 3.67, 4.0). Both were read late in that stop, once ours_heldout19.jsonl (48)
and candidates18.jsonl (6 candidates, levels 1,2,3,3,4,4) had been written blind to a brief of plain explanations with
one figure worked out, terse experts, senior-sounding answers with one key figure or direction wrong, incidents told
vaguely or precisely, heavily hedged right answers, answers about a neighbouring topic, naive remedies dressed in
jargon, what one would do rather than what one did, and numbers sourced to a paper; their first figures, taken before
any answer of them was read: at that stop's start (e370946) heldout19 exact .583, within one .958, Spearman .799, danger
recall .800, candidates18 answers exact .639, within one 1.000, Spearman .818, order not kept (5 pairs: the level-1 and
level-2 candidates level at 1.67, both level-4 ones at 3.5 and 3.67 below or level with the level-3 ones at 3.67); after
that stop's changes (398a611) heldout19 exact .604, within one .979, Spearman .854, danger recall .800, candidates18
answers exact .694, within one 1.000, Spearman .849, order not kept (the same 5 pairs). Both were read at the start of
the next stop, once ours_heldout20.jsonl (48) and candidates19.jsonl (6 candidates, levels 1,2,3,3,4,4) had been
written blind to a brief of code-switched Chinese and casual English, right points in the candidate's own words, one
unit or magnitude slipped, incidents with and without a safeguard after them, partial answers with the rest said to be
unknown, rambling answers with a right core and terse expert ones, answers to a neighbouring question in the asked
topic's words, and clarifying questions; their first figures, taken before any answer of them was read, are the same
at that stop's start (2c6122e) and after its first change: heldout20 exact .750, within one .958, Spearman .873, danger
recall .929; candidates19 answers exact .639, within one 1.000, Spearman .824, order not kept (2 pairs: candidate means
1.33, 1.67, 3.0, 3.33 for levels 1, 2, 3, 3, and 3.25, 3.33 for the level-4 ones). heldout19 and candidates18 were read
first in that stop; heldout20 and candidates19 mid-way through it, once ours_heldout21.jsonl (48) and candidates20.jsonl (6
candidates, levels 1,2,3,3,4,4) had been written blind to a brief of fluent juniors explaining nothing or wrongly,
textbook mid-level answers with no story, terse seniors in notes, one right mechanism beside one wrong claim, incidents
with and without figures and follow-up, lists of techniques, drifts to a neighbouring topic and honest partial answers;
their first figures, taken before any answer of them was read, are the same at that stop's start (2c6122e) and after its
first fifteen commits (6f4927d): heldout21 exact .812, within one 1.000, Spearman .940, danger recall .800; candidates20
answers exact .667, within one .972, Spearman .793, order not kept (1 pair: candidate means 1.67, 2.0, 3.0, 3.33 for
levels 1, 2, 3, 3, and 3.25, 3.67 for the level-4 ones). Those two were read at the start of the next stop, while
ours_heldout22.jsonl (48) and candidates21.jsonl (6 candidates, levels 1,2,3,3,4,4) were being written blind to a brief of the boundaries interviewers find hard (fluent answers naming many right terms
that explain nothing or get the key point wrong against honest partial ones; thorough textbook answers against senior
ones with their own measured case, a trade-off priced or a check), level-4 answers in several shapes, impressive-
sounding level-1 answers, "it depends" openings and clarifying questions answered, close level-3/level-4 and
level-1/level-2 candidates; their first figures, taken before any answer of them was read, are the same at that stop's
start (86ca146) and after its first three commits: heldout22 exact .604, within one .958, Spearman .831, danger recall
.900; candidates21 answers exact .750, within one .944, Spearman .859, order kept (candidate means 2.0, 2.33, 3.33,
3.75 for levels 1, 2, 3, 3, and 4.0, 4.0 for the level-4 ones). They were read in that stop while ours_heldout23.jsonl
(48) and candidates22.jsonl (6 candidates, levels 1,2,3,3,4,4) were being written blind to a brief of answers as people
speak them (fillers, self-corrections, half-finished sentences, conclusion first or built up to), a spread of lengths
at every level, level 1 as confident wrong mechanisms, vendor talk, a naive fix told as a success and "best
practices", level 2 as the right words with shaky reasons, level 3 as worked textbook answers some about the
candidate's own setup with nothing measured, level 4 with its senior signal sometimes in one clause; their first
figures, taken before any answer of them was read: at that stop's start (86ca146) heldout23 exact .660, within one
.957, Spearman .834, danger recall .833; after its first four commits (d7ffbac) heldout23 exact .681, within one .957,
Spearman .839; candidates22 the same at both, answers exact .778, within one .972, Spearman .865, order not kept (1
pair: the level-1 and level-2 candidates both at 2.0; 2.67 and 3.33 for the level-3 ones, 3.67 and 3.67 for the
level-4 ones). They were read in that stop while ours_heldout24.jsonl (48) and candidates23.jsonl (6 candidates, levels
1,2,3,3,4,4) were being written blind to a brief of the candidates a hiring manager meets from other backgrounds
(application engineers who know the knobs, platform engineers strong on incidents and weak on arithmetic, researchers
strong on numerics, framework developers), every topic reached by someone far from it, non-native English and
code-switched Chinese; their first figures, taken before any answer of them was read, are the same at that stop's start
(86ca146) and after its first twenty-one commits (c8bf868): heldout24 exact .681, within one .957, Spearman .804,
danger recall .778; candidates23 answers exact .722, within one .944, Spearman .753, order not kept (3 pairs: the
level-1 and level-2 candidates both at 2.0, a level-4 one at 3.0 below the level-3 ones at 3.33 and 3.67; the other
level-4 one at 4.0). Those two were read at the start of the next stop, while ours_heldout25.jsonl (48) and
candidates24.jsonl (6 candidates, levels 1,2,3,3,4,4) were being written blind to a brief of a representative week of
interviews (fine-tuning engineers from application teams, platform engineers, pretraining engineers, new grads strong on
papers, résumés that overstate), every level in its natural shapes and lengths. Its writer labelled by the pack's
ladder before the brief's generic level descriptions, and says so: a full answer to a question on the ladder's second
rung is a 2, and a fourth-rung answer with nothing of the candidate's own measured is a 3. Two of its answers reuse
the pack's example figures (the 70B TP8 PP4 DP32 layout with its 3/35 bubble; Young-Daly with 30 s and 4 h). Their
first figures, taken before any answer of them was read, at that stop's start (ef776cf) and after its first two
commits (654522e, neither touching the scorer): heldout25 exact .500, within one 1.000, Spearman .894, danger recall
.667; candidates24 answers exact .472, within one .889, Spearman .613, order not kept (2 pairs: candidate means 2.67,
3.0, 3.33, 4.0 for levels 1, 2, 3, 3, and 3.67, 4.0 for the level-4 ones). Of the 24 misses in heldout25, 23 are
above the label (2 read 3 ten times, 1 read 2 eight times, 3 read 4 five times). Those two are kept unread; the next
stop had ours_heldout26.jsonl (48) and candidates25.jsonl (6 candidates, levels 1,2,3,3,4,4) written blind at its start
to a brief of follow-up pressure (second and third questions of a chain that quote the answer before, candidates who
hold up or crack under them, partial knowledge admitted, the earlier answer restated as a dodge, seniors answering in
two or three dense sentences, drifts to a neighbouring topic, code-switched Chinese), with the level scale spelled out
and labelled by what the answer shows whatever the ladder rung of its question; their first figures, taken before any
answer of them was read, at that stop's start (eb13133) and after its first four commits (4586529): heldout26 exact
.688, within one .917, Spearman .752, danger recall .722; candidates25 answers exact .722, within one 1.000, Spearman
.837, order not kept (4 pairs: candidate means 1.5, 3.0, 3.33, 3.33 for levels 1, 2, 3, 3, and 3.33, 3.33 for the
level-4 ones). All 15 of its misses are above the label (four of them by two levels or more: a fluent wrong memory
model and a final-loss "alignment" read 4 for 1). Those two were read in that stop; at its end ours_heldout27.jsonl (48) and
candidates26.jsonl (6 candidates, levels 1,2,3,3,4,4) were written blind to a brief of the answers that fool a grader
(many right terms answering a neighbouring question, figures off by a factor, naive fixes in confident vocabulary,
short exactly-right answers, seniors naming what they did not measure, self-corrections mid-answer), with the same
level scale; their first figures, taken before any answer of them was read, at that stop's end (b690da6): heldout27
exact .646, within one .875, Spearman .655, danger recall .706; candidates26 answers exact .722, within one 1.000,
Spearman .888, order not kept (1 pair: candidate means 2.0, 3.0, 3.0, 3.33 for levels 1, 2, 3, 3, and 3.67, 4.0 for
the level-4 ones). Of heldout27's 17 misses, 13 are above the label, six of them by two levels or more. The next stop
read those two, and at its start had ours_heldout28.jsonl (48) and candidates27.jsonl (6 candidates, levels 1,2,3,3,4,4)
written blind to a brief of buried points and uneven candidates (the one point that matters buried in a long answer,
long fluent answers with none, answers that correct themselves or undo themselves, the right mechanism with a figure
off by a factor and the right figure with a wrong reason, bullet lists at every level, candidates from inference
serving, data engineering, HPC and SRE, hedged right answers and confident wrong ones, one-line answers at every
level), with the same level scale; their first figures, taken before any answer of them was read, at that stop's start
(b113526): heldout28 exact .617, within one .957, Spearman .810, danger recall .733; candidates27 answers exact .778,
within one 1.000, Spearman .878, order not kept (1 pair: candidate means 1.33, 3.0 for levels 1, 2, 3.0, 3.25 for the
level-3 ones and 3.67, 4.0 for the level-4 ones). Of the 47 heldout28 answers given a level, 18 are missed, 13 of them
above the label (two by two levels); the other one, labelled 1, was read as a request for help, which is left without
a level. The stop after read those two, and at its start had ours_heldout29.jsonl (48) and candidates28.jsonl (6
candidates, levels 1,2,3,3,4,4) written blind to a brief of shorthand, follow-ups and mixed language (terse expert
shorthand and terse wrong shorthand, follow-ups that refer back to an earlier answer or the résumé line, Chinese answers
full of English terms, answers to a neighbouring question, the candidate's own measurements beside figures asserted
with no source, honest partial answers and requests for help, candidates from recommender systems, compilers, storage
and academia), with the same level scale; their first figures, taken before any answer of them was read, at that
stop's start (394f81e): heldout29 exact .761, within one .978, Spearman .891, danger recall .947; candidates28 answers
exact .694, within one .944, Spearman .771, order kept (candidate means 1.33, 2.33, 3.0, 3.0, 3.67, 3.67). Of the 46
heldout29 answers given a level, 11 are missed, 7 of them above the label (one by two levels); the other two, labelled
1, were read as requests for help, which are left without a level. That stop read them, and at its start had
ours_heldout30.jsonl (48) and candidates29.jsonl (6 candidates, levels 1,2,3,3,4,4) written blind to a brief of answers
as they really come out (two-part questions with one half answered, rambling answers whose point comes late and good
openings that drift into something wrong, pushback on the question's premise right and wrong, the right mechanism with
a wrong number and the right numbers with a wrong mechanism, "it depends" with and without what on, papers quoted beside
the candidate's own runs, incidents with and without a safeguard, candidates from inference serving, HPC, data
engineering and SRE), with the same level scale; their first figures, taken before any answer of them was read, at that
stop's start (c5e7dd8): heldout30 exact .638, within one .915, Spearman .786, danger recall .700; candidates29 answers
exact .838, within one 1.000, Spearman .924, order kept (candidate means 1.4, 2.0, 3.0, 3.0, 3.57, 3.6). Of the 47
heldout30 answers given a level, 17 are missed, 14 of them above the label (four by two levels); the other one,
labelled 1, was read as a request for help. The next stop read them, and at its start had ours_heldout31.jsonl (48) and
candidates30.jsonl (6 candidates, levels 1,2,2,3,4,4) written blind to a brief of a second round with candidates who
prepared (answers recited from blogs and papers with a slip when pressed, fluent seniors wrong on one key fact and terse
juniors who are right, the question's premise corrected rightly and wrongly, Chinese answers full of English jargon and
English answers by non-native speakers, formulas said in words and units mixed up, incidents complete, without a cause
or told as the team's, "it depends" that lands and that never does, candidates from recommender systems, compilers and
kernels, academia and cloud platforms), with the same level scale; their first figures, taken before any answer of
them was read, at that stop's start (a0164fb): heldout31 exact .583, within one .938, Spearman .773, danger recall
.667; candidates30 answers exact .514, within one .943, Spearman .674, order not kept (2 pairs out; candidate means 2.0,
2.4, 3.0, 3.33, 3.0, 3.67 for levels 1, 2, 2, 3, 4, 4). Of the 48 heldout31 answers, 20 are missed, 18 of them above
the label (7 of the 12 labelled 1). The next stop read them, and at its start had ours_heldout32.jsonl (48) and
candidates31.jsonl (6 candidates, levels 1,2,2,3,4,4) written blind to a brief of the answers that are hard to grade
fast (hollow answers that sound senior, short exactly-right ones, answers that correct themselves or undo themselves,
figures measured, asserted or off by a factor, "we" stories with and without the candidate's own part, hypotheticals
good and naive, answers to a neighbouring question, "I don't know X, but…", candidates from inference serving,
recommender systems, HPC, SRE and academia and new graduates), with the same level scale; their first figures, taken
before any answer of them was read, at that stop's start (7df38c0): heldout32 exact .723, within one .915, Spearman
.776, danger recall .786; candidates31 answers exact .667, within one 1.000, Spearman .881, order kept (candidate means
1.75, 2.0, 2.5, 3.0, 3.5, 3.75). Of heldout32's 14 misses, 9 are above the label, 4 below, and one labelled 1 was read
as a request for help. The stop after kept those two unread, fitted the level on what the scorer reads
(bench/level_fit.py) and had ours_heldout33.jsonl (48) and candidates32.jsonl (6 candidates, levels 1,2,2,3,4,4)
written blind to a brief of answers near a level's boundary (names around a wrong claim or a naive remedy against
honest short names; asserted figures against one figure worked out; long textbook answers against short ones with a
check of their own; new graduates, seniors, serving, HPC, data, SRE and research; code-switched Chinese, non-native
English, fillers and self-corrections), with the same level scale; their first figures, taken before any answer of
them was read, at that stop's start (2c9db87): heldout33 exact .771, within one .979, Spearman .911, danger recall
.875; candidates32 answers exact .625, within one 1.000, Spearman .865, order kept (candidate means 1.75, 2.5, 2.25,
3.25, 3.5, 3.75). All 11 of heldout33's misses are above the label: 6 labelled 1 read 2, one read 3, 3 labelled 2 read
3, one labelled 3 read 4. The stop after that had ours_heldout34.jsonl (48) and candidates33.jsonl (6 candidates,
levels 1,2,2,3,3,4) written blind to a brief of fluent level-2 answers against plain level-3 ones, with the scale
spelled out as "3 = the mechanism with at least one figure worked out or a concrete experience with numbers"; first
figures, taken before any answer of them was read, at that stop's start (20ddf23): heldout34 exact .468, within one
.979, Spearman .833, danger recall 1.000; candidates33 answers exact .481, within one .926, Spearman .725, order kept
(candidate means 2.0, 2.8, 2.75, 3.25, 3.4, 3.6 for levels 1, 2, 2, 3, 3, 4). 16 of heldout34's 25 misses are
labelled 2 and read 3, and all 16 explain a mechanism with no figure of their own: the older sets label such answers
3 (149 of 187 read answers that read 3 with no figure), so most of those misses are the stricter scale of that brief,
not answers read wrong; the 4 labelled 3 that read 4 (and 3 such answers of the candidates) are incidents told with
what was measured and changed, which the older sets label 4.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

from interviewer import skills, vocabulary
from interviewer.scorecard import build_scorecard
from interviewer.scoring import Assessment, score_answer
from interviewer.scoring_read import read
from interviewer.scoring_rubric import rubric_for
from interviewer import scoring as S
from interviewer.textutil import found_in

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
OUR_PACK = ROOT / "skills" / "distributed-training"
PUBLIC_PACK = ROOT.parent / "shared" / "upstream" / "offercome" / "skills" / "distributed-training"


def ranks(xs: list[float]) -> list[float]:
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    out = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(a: list[float], b: list[float]) -> float:
    """Spearman's rho with average ranks for ties (Pearson on ranks)."""
    if len(a) < 2:
        return float("nan")
    ra, rb = ranks(a), ranks(b)
    ma, mb = statistics.fmean(ra), statistics.fmean(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra) ** 0.5
    vb = sum((y - mb) ** 2 for y in rb) ** 0.5
    return cov / (va * vb) if va and vb else float("nan")


def load(name: str) -> list[dict]:
    path = DATA / name
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def our_packs() -> dict:
    return {lang: skills.resolve(str(OUR_PACK), lang) for lang in ("zh", "en")}


def public_packs() -> dict | None:
    if not PUBLIC_PACK.is_dir():
        return None
    vocab = vocabulary.read(OUR_PACK / "vocabulary.toml")  # the public pack has none; it is our field
    return {"zh": skills.load_pack(PUBLIC_PACK / "SKILL.md").with_vocabulary(vocab),
            "en": skills.load_pack(PUBLIC_PACK / "SKILL.en.md").with_vocabulary(vocab)}


def score_row(packs: dict, row: dict) -> Assessment:
    pack = packs[row["skill_lang"]]
    topic = pack.topic(row["topic"])
    return score_answer(topic, row["answer"], row["question"], pack.danger_for(topic.title))


def evaluate(rows: list[dict], packs: dict, timing: bool = False) -> dict:
    """Figures for one group of rows; each row carries its gold level, signal, danger flag and kind."""
    pairs, results, quotes_ok, times = [], [], True, []
    for row in rows:
        a = score_row(packs, row)
        if timing:
            runs = []
            for _ in range(3):  # best of 3: the scorer's own cost, not the machine's noise
                t0 = time.perf_counter()
                score_row(packs, row)
                runs.append(time.perf_counter() - t0)
            times.append(min(runs))
        results.append((row, a))
        quotes = [h.evidence for h in a.markers] + [d.evidence for d in a.danger_signals]
        quotes_ok &= all(found_in(q, row["answer"]) for q in quotes)
        if row["level"] is not None and a.level is not None:
            pairs.append((row["level"], a.level))
    gold = [g for g, _ in pairs]
    got = [p for _, p in pairs]
    n = len(pairs) or 1
    guarded = [(r, a) for r, a in results if r["kind"] in ("manipulation", "stuffing")]
    floored = [(r, a) for r, a in results if r["signal"] in ("dont_know", "not_mine")]
    shows = [(r, a) for r, a in results if r["has_danger"]]
    solid = [(r, a) for r, a in results if (r["level"] or 0) >= 3]
    fig = {
        "answers": len(rows),
        "scored_pairs": len(pairs),
        "unscored_gold_level": sum(1 for r, a in results if r["level"] is not None and a.level is None),
        "exact": sum(g == p for g, p in pairs) / n,
        "within_one": sum(abs(g - p) <= 1 for g, p in pairs) / n,
        "spearman": spearman(gold, got),
        "signal_agreement": sum(r["signal"] == a.signal for r, a in results) / (len(results) or 1),
        "manipulation_or_stuffing_le2": all((a.level or 0) <= 2 for _, a in guarded),
        "dont_know_not_mine_level1": all(a.level == 1 for _, a in floored),
        "danger_recall": sum(bool(a.danger_signals) for _, a in shows) / (len(shows) or 1),
        "danger_on_solid": sum(bool(a.danger_signals) for _, a in solid) / (len(solid) or 1),
        "quotes_found": quotes_ok,
        "_results": results,
        "_pairs": pairs,
    }
    if times:
        fig["ms_per_answer_median"] = 1000 * statistics.median(times)
        fig["ms_per_answer_p95"] = 1000 * sorted(times)[int(0.95 * (len(times) - 1))]
    return fig


# --------------------------------------------------------------------------- candidates


def candidate_order(packs: dict, file: str = "candidates.jsonl") -> dict:
    """Each candidate's scorecard (topic levels, median rule; the overall level) and whether the candidates' levels
    keep their order: by the mean of the topic levels, and by the card's overall level (the mean of all answers)."""
    cards = []
    pairs = []
    for c in load(file):
        pack = packs[c["lang"]]
        assessed = []
        for x in c["answers"]:
            topic = pack.topic(x["topic"])
            a = score_answer(topic, x["answer"], x["question"], pack.danger_for(topic.title))
            assessed.append(a)
            if a.level is not None:
                pairs.append((x["level"], a.level))
        card = build_scorecard(list(dict.fromkeys(a.topic for a in assessed)), assessed, c["lang"])
        levels = [t.level for t in card.topics if t.level is not None]
        best = [max((a.level or 0) for a in assessed if a.topic == t.topic) for t in card.topics]
        cards.append({"id": c["id"], "gold": c["level"], "topic_levels": levels, "overall": card.overall,
                      "mean": statistics.fmean(levels), "max_rule_mean": statistics.fmean(best)})
    ordered = all(x["mean"] < y["mean"] for x in cards for y in cards if x["gold"] < y["gold"])
    max_ordered = all(x["max_rule_mean"] < y["max_rule_mean"] for x in cards for y in cards if x["gold"] < y["gold"])
    inversions = sum(1 for x in cards for y in cards if x["gold"] < y["gold"] and x["mean"] >= y["mean"])
    overall = sum(1 for x in cards for y in cards if x["gold"] < y["gold"] and x["overall"] >= y["overall"])
    return {"candidates": cards, "order_kept": ordered, "pairs_out_of_order": inversions,
            "order_kept_overall": not overall, "pairs_out_of_order_overall": overall,
            "order_kept_with_best_answer_rule": max_ordered, "_answer_pairs": pairs}


# --------------------------------------------------------------------------- quote audit


def _shows_point(pack, topic, marker: str, quote: str) -> tuple[bool, bool]:
    """(the quote carries the marker's subject, the quote shows it: a number, formula, mechanism word or reason).

    Checked on the quote alone, re-read from scratch: two of the terms of one point of the marker including its
    subject (its heaviest term), and in the quote a number, a formula, a mechanism word or a reason.
    """
    rubric = rubric_for(S._docs(topic, pack.danger_for(topic.title)), topic.vocabulary)
    terms = rubric.terms_of(quote)
    item = rubric.item(marker)
    subject = rich = False
    for point in (item.whole, *item.parts):
        hit = point.terms & terms
        if len(hit) >= min(2, len(point.terms)) and (point.key in hit or len(hit) >= 3):
            subject = True
        rich |= len(hit) >= 4
    r = read(quote, topic.vocabulary)
    mech = any(topic.vocabulary.kind(c) == "mech" for cl in r.clauses for c in cl.said)
    number = any(k != "bare" for cl in r.clauses for k in cl.numbers)
    reason = r.has("causal") or r.has("sequence") or r.has("tradeoff") or r.has("contrast")
    return subject, bool(number or mech or reason or rich or not topic.vocabulary.concepts)


def audit(rows: list[dict], packs: dict) -> dict:
    """Every credited quote checked for its marker's subject and evidence; stated markers checked for credit."""
    credited = subject_ok = shown_ok = 0
    stated = stated_missed = extra = 0
    missed_list, extra_list, sample = [], [], []
    for row in rows:
        pack = packs[row["skill_lang"]]
        topic = pack.topic(row["topic"])
        a = score_row(packs, row)
        for h in a.markers:
            credited += 1
            subj, shown = _shows_point(pack, topic, h.marker, h.evidence)
            subject_ok += subj
            shown_ok += shown
            sample.append((row["id"], h.marker, h.evidence, subj and shown))
        if "markers" in row and a.level is not None:
            said = {topic.markers[i] for i in row["markers"]}
            got = {h.marker for h in a.markers}
            stated += len(said)
            stated_missed += len(said - got)
            missed_list += [(row["id"], m) for m in said - got]
            extra += len(got - said)
            extra_list += [(row["id"], m, next(h.evidence for h in a.markers if h.marker == m)) for m in got - said]
    return {"credited": credited, "quote_has_subject": subject_ok, "quote_shows_it": shown_ok,
            "stated_markers": stated, "stated_but_missed": stated_missed, "credited_not_labelled": extra,
            "_missed": missed_list, "_extra": extra_list, "_sample": sample}
