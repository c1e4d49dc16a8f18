//! The order desk: what sellers read of their orders (lists, summaries, deadlines, sold
//! products) and the moves they may make by hand.
