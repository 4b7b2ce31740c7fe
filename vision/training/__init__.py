"""Training, not needed at run time: the crop bank and the pretrained tile classifier."""
