// Composition root; filled in as the parts land.
return 0;
