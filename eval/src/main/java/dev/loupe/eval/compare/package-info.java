/**
 * Two runs on the same items, compared pairwise: the accuracy difference with a paired bootstrap
 * 95% interval, McNemar's test on the items where exactly one run was right, and the list of items
 * that flipped — as text and as {@code compare.html}.
 */
package dev.loupe.eval.compare;
